import { expect } from 'vitest';
import type { Page, WebSocket } from 'playwright-core';
import type { Audit, AuditWithChecks } from '../../../src/shared/contracts/audits.js';

/** JSON calls made with a signed-in page's session, expecting the given status. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function postJson<T>(page: Page, path: string, data: unknown, status = 201): Promise<T> {
  const response = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** Opens a page and waits until its live connection is accepted, so no event sent after this is missed. */
export async function openWithLiveConnection(page: Page, path: string): Promise<void> {
  // socket.io's "connected" packet ('40{'): the server has accepted the session and put the socket in its
  // rooms. It comes over the WebSocket (the client's first choice, docs/decisions/0030) or over long-polling.
  const overPolling = page.waitForResponse(
    // A poll of the page being left has no body to read any more: it is not the one awaited.
    async (response) =>
      response.url().includes('/socket.io/') && (await response.text().catch(() => '')).includes('40{'),
  );
  // The frame listener is added inside the 'websocket' event itself: added a tick later (after a promise),
  // it can miss a connected packet that Playwright delivers in the same batch as the socket.
  let listen: ((socket: WebSocket) => void) | undefined;
  const overWebSocket = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no socket.io connected packet on ${path}`)), CONNECTED_WITHIN_MS);
    listen = (socket) =>
      socket.on('framereceived', (frame) => {
        if (!String(frame.payload).startsWith('40{')) return;
        clearTimeout(timer);
        resolve();
      });
    page.on('websocket', listen);
  });
  try {
    await page.goto(path);
    await Promise.any([overPolling, overWebSocket]);
  } finally {
    if (listen !== undefined) page.off('websocket', listen);
  }
}

const CONNECTED_WITHIN_MS = 15_000;

/** Staff run an audit of the named server, after any run already going there, and wait for its results. */
export async function runAudit(ada: Page, serverName: string): Promise<AuditWithChecks> {
  const servers = await getJson<{ id: string; name: string }[]>(ada, '/api/admin/all-servers');
  const server = servers.find((item) => item.name === serverName);
  if (server === undefined) throw new Error(`no server named ${serverName}`);
  // Another file may have left a run going on this server; a second start would be refused.
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const audits = await getJson<Audit[]>(ada, `/api/servers/${server.id}/audits`);
    if (!audits.some((item) => item.status === 'pending' || item.status === 'running')) break;
    await ada.waitForTimeout(200);
  }
  const started = await postJson<Audit>(ada, '/api/audits', { serverId: server.id });
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const current = await getJson<AuditWithChecks>(ada, `/api/audits/${started.id}`);
    if (current.status === 'completed') return current;
    if (current.status === 'failed') throw new Error(`the audit failed: ${current.failureReason ?? ''}`);
    await ada.waitForTimeout(200);
  }
  throw new Error('the audit did not finish');
}
