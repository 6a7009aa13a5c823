/**
 * Submits the Discord simulator's consent form the way a browser would: hidden fields kept,
 * the chosen account's radio selected, and the named button pressed.
 */
export async function submitConsent(
  authorizeUrl: string,
  options: { accountId?: string; button: 'Authorize' | 'Cancel' },
): Promise<Response> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`consent page answered ${page.status}: ${html.slice(0, 200)}`);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (form === null) throw new Error(`no form on the consent page: ${html.slice(0, 300)}`);
  const [, action = '', body = ''] = form;
  const fields = new URLSearchParams();
  for (const input of body.matchAll(/<input\b[^>]*>/gi)) {
    const tag = input[0];
    const name = attribute(tag, 'name');
    const value = decodeEntities(attribute(tag, 'value') ?? '');
    const type = (attribute(tag, 'type') ?? 'text').toLowerCase();
    if (name === undefined) continue;
    if (type === 'hidden') fields.append(name, value);
    if (type === 'radio' && value === options.accountId) fields.append(name, value);
  }
  const button = [...body.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].find((match) =>
    (match[2] ?? '')
      .replace(/<[^>]*>/g, '')
      .trim()
      .startsWith(options.button),
  );
  if (button === undefined) throw new Error(`no ${options.button} button on the consent page`);
  const buttonName = attribute(button[1] ?? '', 'name');
  if (buttonName !== undefined) fields.append(buttonName, decodeEntities(attribute(button[1] ?? '', 'value') ?? ''));
  const target = new URL(decodeEntities(action), authorizeUrl);
  return fetch(target, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin },
    body: fields,
  });
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

function decodeEntities(value: string): string {
  return value
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}
