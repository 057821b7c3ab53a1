// GET /embed/v1/logic.js: the extra JSON Logic operations a form's conditions use, the server's own code
// (src/lang/logic-ops.ts), for a storefront that renders its own form: register `logicOperations(form.logic_values,
// jsonLogic.apply)` with its JSON Logic library, or let `formStates` compute every field's and group's state as the
// configurator does (docs/api.md, "Conditions as JSON Logic"). Text patterns need an RE2 matcher, which is not in
// here (it would multiply the size by ten): without one, a `sent` of a patterned text field throws.
export { EXTRA_OPERATIONS, formStates, logicOperations } from '../../lang/logic-ops';
