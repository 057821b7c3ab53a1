// The problems beside the editor: a summary line, one button per diagnostic (it selects the spot), and the
// caret's line, column and the message there in the status bar.
import type { Problem } from './diagnostics';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export class ProblemList {
  private problems: Problem[] = [];

  constructor(
    private readonly summary: HTMLElement,
    private readonly list: HTMLElement,
    private readonly caret: HTMLElement | null,
    private readonly jump: (p: Problem) => void,
  ) {}

  busy(): void {
    // Called per keystroke: touch the page only when it changes.
    if (this.summary.classList.contains('is-busy')) return;
    this.summary.className = 'diag-summary is-busy';
    this.summary.textContent = 'Checking…';
  }

  failed(message: string): void {
    this.summary.className = 'diag-summary has-error';
    this.summary.textContent = `Could not check the schema: ${message}`;
  }

  show(problems: Problem[]): void {
    this.problems = problems;
    const errors = problems.filter((p) => p.severity === 'error').length;
    const warnings = problems.filter((p) => p.severity === 'warning').length;
    const notes = problems.length - errors - warnings;
    this.summary.className = `diag-summary ${errors ? 'has-error' : warnings ? 'has-warning' : 'is-clean'}`;
    // Notes ask nothing of the modeller: listed, but the summary still says no problems when they are all there is.
    const counted = errors + warnings ? `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` : 'No problems found';
    this.summary.textContent = notes ? `${counted}; ${plural(notes, 'note')}` : counted;
    const items = problems.map((d) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `diag diag-${d.severity}`;
      const icon = document.createElement('span');
      icon.className = 'diag-icon';
      icon.setAttribute('aria-hidden', 'true');
      const pos = document.createElement('span');
      pos.className = 'diag-pos';
      pos.textContent = `${d.line}:${d.column}`;
      const text = document.createElement('span');
      text.className = 'diag-text';
      const msg = document.createElement('span');
      msg.className = 'diag-msg';
      msg.textContent = d.message;
      const code = document.createElement('span');
      code.className = 'diag-code';
      code.textContent = d.code;
      text.append(msg, code);
      // The visible text is the accessible name; the severity is said before it for screen readers.
      const sev = document.createElement('span');
      sev.className = 'visually-hidden';
      sev.textContent = `${d.severity} at line `;
      b.append(icon, sev, pos, text);
      b.addEventListener('click', () => this.jump(d));
      li.append(b);
      return li;
    });
    this.list.replaceChildren(...items);
  }

  /** The status bar for the caret at a line and column. */
  caretAt(line: number, column: number): void {
    if (!this.caret) return;
    const here = this.problems.find((p) => p.line === line);
    this.caret.textContent = `Line ${line}, column ${column}${here ? ` — ${here.message}` : ''}`;
  }
}
