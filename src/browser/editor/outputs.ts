// The draft's output groups beside the problems: label, unit and whether the group is internal (production data)
// or public, read from the preview's last priced answer (`result.output_info`, every group, as the draft
// calculate is asked for `output_groups: ['*']`), so listing them costs no extra request.

interface GroupInfo {
  label?: string;
  unit?: string;
  internal: boolean;
}

/** Fills the Output groups card from a draft calculate answer's body; leaves it as it was for any other body. */
export function showOutputs(section: HTMLElement | null, body: unknown): void {
  const info = (body as { result?: { output_info?: Record<string, GroupInfo> } } | null)?.result?.output_info;
  const rows = section?.querySelector('tbody');
  if (!section || !rows || !info) return;
  const entries = Object.entries(info);
  rows.replaceChildren(
    ...entries.map(([id, g]) => {
      const tr = document.createElement('tr');
      const badge = document.createElement('span');
      badge.className = g.internal ? 'badge warn' : 'badge ok';
      badge.textContent = g.internal ? 'internal' : 'public';
      const cells = [id, g.label ?? '—', g.unit ?? '—'].map((text, i) => {
        const td = document.createElement(i === 0 ? 'th' : 'td');
        if (i === 0) td.setAttribute('scope', 'row');
        td.textContent = text;
        return td;
      });
      const access = document.createElement('td');
      access.append(badge);
      tr.append(...cells, access);
      return tr;
    }),
  );
  const empty = section.querySelector('.outputs-empty');
  if (empty) (empty as HTMLElement).hidden = entries.length > 0;
  section.hidden = false;
}
