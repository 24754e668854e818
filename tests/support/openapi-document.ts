// The parts of the API document (OpenAPI 3.1) that the tests walking it read: each operation's
// security, parameters and request body, and the JSON schemas they name.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
};

export type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
};

export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };
