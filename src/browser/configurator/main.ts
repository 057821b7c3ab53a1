// The embeddable configurator: `<script type="module" src="…/embed/v1/configurator.js">` defines
// <cpq-configurator> (docs/configurator.md). Defined once, so a page that loads the module twice keeps working.
import { CpqConfigurator } from './element';

if (!customElements.get('cpq-configurator')) customElements.define('cpq-configurator', CpqConfigurator);
