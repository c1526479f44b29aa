# syntax=docker/dockerfile:1
#
# Two images from one file:
#   stack-tools  a small Debian image with openssl and curl for the compose stack's one-shot jobs
#                (`certs`, `topaz-manifest`); built with `--target stack-tools`.
#   app          (the default, last stage) Gatehouse: the web application by default
#                (`node app/dist/main.js`), and the location service with another command
#                (`node app/dist/location-main.js`).
# Both run compiled JavaScript, built into the image by `app/build.mjs` as `npm start` builds it:
# no TypeScript is compiled when a container starts.

FROM debian:bookworm-slim AS stack-tools
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl openssl \
  && rm -rf /var/lib/apt/lists/*

FROM node:20-bookworm-slim AS app
WORKDIR /srv/gatehouse
# npm ci needs the manifest of every workspace (the root package.json lists them).
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY rego/package.json rego/
COPY adapters/hono/package.json adapters/hono/
COPY adapters/fastify/package.json adapters/fastify/
COPY adapters/topaz/package.json adapters/topaz/
COPY adapters/opentelemetry/package.json adapters/opentelemetry/
COPY directory/package.json directory/
COPY engine/package.json engine/
COPY cli/package.json cli/
COPY publisher/package.json publisher/
COPY app/package.json app/
# postinstall builds the PostgreSQL driver with its fix (directory/postgres-driver/build-driver.mjs),
# from the `postgres` and `esbuild` development dependencies.
COPY directory/postgres-driver/*.mjs directory/postgres-driver/
RUN npm ci --no-audit --no-fund && npm cache clean --force
COPY . .
RUN node app/build.mjs
ENV NODE_ENV=production
USER node
EXPOSE 8000 8001
CMD ["node", "--enable-source-maps", "app/dist/main.js"]
