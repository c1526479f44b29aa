/** A problem with a GraphQL document or schema, worded as OPA words it. */
export class GraphQLProblem extends Error {}
