/** Small HTML pages of the simulators: escaped text, no script, readable without styles. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:1rem;font-weight:600}input,select{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:1rem;padding:.5rem 1.2rem}code,output{word-break:break-all}dt{font-weight:600}
.notice{border:1px solid #888;padding:.75rem;margin-top:1rem}</style></head>
<body>${body}</body></html>`;
}

/** One transaction's facts, or "not found" when the chain has never seen it. */
export function explorerPage(title: string, id: string, facts: readonly [string, string][]): string {
  const details =
    facts.length === 0
      ? '<p role="status">This transaction is not known to the simulated chain.</p>'
      : `<dl>${facts.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
  return page(
    title,
    `<main><h1>${escapeHtml(title)}</h1><p>Transaction <code>${escapeHtml(id)}</code></p>${details}</main>`,
  );
}
