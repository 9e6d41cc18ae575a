# StudyBuddy in one image: the API and the built web app on port 3000, data under /data.
# Build: docker build -t studybuddy .   Run: see README.md, Docker.

# Node 24 LTS. Node 20, the machines', ended in 2026-04.
FROM node:24-bookworm-slim AS build
# argon2 and better-sqlite3 are native: npm uses their prebuilt binaries when one matches the
# platform and compiles them otherwise, which needs these tools (build stage only).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests first, so a change of source code reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# better-sqlite3 12 is compiled here against the headers of Node 24.18.1, which node-gyp
# downloads: built against 24.19's or later it aborts the process whenever V8 collects one of
# its objects outside a context (nodejs/node#65446; docs/dependencies.md, "Node 24"). The ABI
# (137) is that of every 24.x, so it runs on the image's newer Node. argon2 keeps its prebuilds.
RUN npm_config_build_from_source=better-sqlite3 npm_config_target=24.18.1 \
  npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund
# Only what the server runs: manifests (they say "type": "module" and where the workspace
# package's entry is), the builds, and the pruned dependencies. The knowledge base and the
# worker and child-process scripts are inside apps/server/dist.
RUN mkdir -p /out/packages/contracts /out/apps/server /out/apps/web \
  && cp -a package.json node_modules /out/ \
  && cp -a packages/contracts/package.json packages/contracts/dist /out/packages/contracts/ \
  && cp -a apps/server/package.json apps/server/dist /out/apps/server/ \
  && if [ -d apps/server/node_modules ]; then cp -a apps/server/node_modules /out/apps/server/; fi \
  && cp -a apps/web/package.json apps/web/dist /out/apps/web/

FROM node:24-bookworm-slim
# tini as PID 1 forwards SIGTERM to node (graceful close) and reaps the child processes that
# read PDF and Word files. prlimit, which caps their memory, comes with util-linux in the base.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data \
  && chown node:node /data
WORKDIR /app
# Owned by root and read-only to the server: it writes only under /data.
COPY --from=build /out /app
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=3000
# A named volume mounted here starts with this folder's owner (node), so the server can write.
VOLUME /data
EXPOSE 3000
USER node
# No curl in the slim image: node asks /api/health, which answers 503 when the database is down.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The V8 flags of apps/server/node-flags.json, as `npm start` gives them (a test compares).
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.js"]
