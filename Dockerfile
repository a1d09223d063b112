# syntax=docker/dockerfile:1
# Build stage: install everything (better-sqlite3 compiles here), build the web app and the server bundle.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
# npm ci's postinstall step patches one import in node_modules (scripts/patch-dependencies.mjs says why).
COPY scripts/patch-dependencies.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies, the built server (plain node), the built web app; non-root.
FROM node:22-bookworm-slim
# Debian's ffmpeg remuxes live RTMP streams to HLS and finishes recordings (never a downloaded binary); DejaVu is the
# font sharp draws the link-preview cards' titles with.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/dist/node ./dist/node
COPY --from=build --chown=node:node /app/db/migrations ./db/migrations
COPY --from=build --chown=node:node /app/db/migrations-pg ./db/migrations-pg
COPY --from=build --chown=node:node /app/server/domains/mobile-app/public ./server/domains/mobile-app/public
COPY --from=build --chown=node:node /app/server/i18n/locales ./server/i18n/locales
COPY --from=build --chown=node:node /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# 3000: HTTP (app, API, HLS playback); 1935: RTMP, where OBS publishes (not HTTP: a reverse proxy must pass it as TCP).
EXPOSE 3000 1935
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# seed/start.js: the server (dist/node/server/main.js holds no seed code) with its idempotent start-up seed.
CMD ["node", "--enable-source-maps", "dist/node/seed/start.js"]
