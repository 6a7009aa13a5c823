import { sameOrigin } from './test-app.js';

export interface FormFile {
  name: string;
  content: Uint8Array<ArrayBuffer> | string;
  /** What the browser would declare; the server never trusts it. */
  type?: string;
  /** The form field; `files` unless a test sends something else. */
  field?: string;
}

/** A multipart/form-data body as a browser's FormData would send it, with its Content-Type. */
export async function multipartBody(
  files: readonly FormFile[],
  fields: Readonly<Record<string, string>> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const blob = new Blob([file.content], { type: file.type ?? 'application/octet-stream' });
    form.append(file.field ?? 'files', blob, file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** A same-origin POST of these files to the upload endpoint. */
export async function uploadRequest(cookie: string | undefined, files: readonly FormFile[], fields = {}) {
  const { payload, contentType } = await multipartBody(files, fields);
  return {
    method: 'POST' as const,
    url: '/api/evidence/files',
    headers: { ...sameOrigin(cookie), 'content-type': contentType },
    payload,
  };
}

/** Just enough of each format for its signature, as real files begin. */
export const SAMPLE = {
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
  webp: new Uint8Array([...Buffer.from('RIFF'), 36, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]),
  pdf: '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n',
  json: '{ "verificationLevel": 3, "roles": ["Moderator"] }',
  text: 'Two-factor authentication is required for moderators.\r\n\tSee the screenshot.\n',
  /** A Windows executable (MZ header) and a ZIP archive: binary, not an allowed type. */
  exe: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
  zip: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]),
} as const;
