import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.js';
import * as routes from './routes.js';

describe('routes', () => {
  it('name a declared endpoint each, with its method and path', () => {
    const declared = new Map(ENDPOINTS.map((endpoint) => [endpoint.name, endpoint]));
    const all = Object.values(routes);
    expect(all.length).toBeGreaterThan(0);
    for (const route of all) {
      const endpoint = declared.get(route.name);
      expect(endpoint, route.name).toBeDefined();
      expect({ method: route.method, path: route.path }, route.name).toEqual({
        method: endpoint?.method,
        path: endpoint?.path,
      });
    }
  });
});
