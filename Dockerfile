# syntax=docker/dockerfile:1
# Members Only: the web app and the API in one image (docs/operations.md, ADR 022).
#   docker build -t members-only .
#   docker run -p 5000:5000 -v mo-data:/data members-only              # SQLite + local disk
#   docker compose up                                                  # the fleet: compose.yaml
# The same image runs the background worker: `npm run worker` (compose.yaml's worker service).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: install everything, compile the web app and the server --------------------------
FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
RUN npm install -g npm@11
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/engines/package.json packages/engines/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: production dependencies, the compiled server and the built web app ---------------
FROM ${NODE_IMAGE} AS runtime
# glibc's allocator as `npm start` sets it (ADR 059): two arenas, and blocks of 128 kB and more
# mapped on their own, so what the heavy-work threads free goes back to the system.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
# Liveness only: /api/ready (database and storage) is for the load balancer or orchestrator.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (graceful shutdown: in-flight requests finish).
CMD ["node", "--max-semi-space-size=4", "apps/server/dist/main.js"]
