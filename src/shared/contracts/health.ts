import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const getLiveness = endpoint({
  name: 'getLiveness',
  method: 'GET',
  path: '/healthz',
  access: 'public',
  summary: 'The process answers.',
  response: z.object({ status: z.literal('ok') }),
  status: 200,
  errors: [],
});

export const getReadiness = endpoint({
  name: 'getReadiness',
  method: 'GET',
  path: '/readyz',
  access: 'public',
  summary: 'The process answers and reaches its database.',
  response: z.object({ status: z.literal('ready') }),
  status: 200,
  errors: ['SERVICE_UNAVAILABLE'],
});
