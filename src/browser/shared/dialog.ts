// One confirmation dialog per page, made on first use and reused.

let dialog: HTMLDialogElement | null = null;

function make(): HTMLDialogElement {
  const d = document.createElement('dialog');
  d.setAttribute('aria-labelledby', 'confirm-title');
  d.innerHTML =
    '<form method="dialog"><h2 id="confirm-title"></h2><p class="confirm-message"></p>' +
    '<div class="actions"><button class="btn" value="cancel" autofocus>Cancel</button>' +
    '<button class="btn danger solid confirm-yes" value="yes"></button></div></form>';
  document.body.appendChild(d);
  return d;
}

/** Asks before a destructive action; resolves true only when the author chose `action`. */
export function confirmDialog(title: string, message: string, action: string): Promise<boolean> {
  dialog ??= make();
  const d = dialog;
  (d.querySelector('h2') as HTMLElement).textContent = title;
  (d.querySelector('.confirm-message') as HTMLElement).textContent = message;
  (d.querySelector('.confirm-yes') as HTMLElement).textContent = action;
  d.returnValue = '';
  return new Promise((resolve) => {
    d.addEventListener('close', () => resolve(d.returnValue === 'yes'), { once: true });
    d.showModal();
  });
}
