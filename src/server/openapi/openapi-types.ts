import type { z } from 'zod';
import type { Access } from '../../shared/contracts/endpoint.js';
import type { ErrorCode } from '../../shared/contracts/errors.js';

/** The subset of OpenAPI 3.1 the generator writes; 3.1 schemas are JSON Schema draft 2020-12. */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  /** The error codes that travel with this status, for clients that branch on `error.code`. */
  'x-error-codes'?: ErrorCode[];
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  security?: Record<string, string[]>[];
  'x-access': Access;
}

export type OpenApiPathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags: { name: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
  };
}
