// The API described (decision 044): each route declares its input and answers with the shared zod
// schemas (`routeSchema`), `@fastify/swagger` collects them into the OpenAPI document at
// `/api/openapi.json`, and under test every answer is held to its route's schema.
export { apiDocumentPath, registerApiDocument, useRouteSchemas } from './register-api-document';
export type { ApiDocumentOptions } from './register-api-document';
export type { UndocumentedAnswer } from './check-answers';
export { apiTags, refusalsOf, routeSchema } from './route-schema';
export type { DocumentedRoutes, RouteAccess, RouteDescription } from './route-schema';
