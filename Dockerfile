# Production image: Node 26 (the newest LTS, as .nvmrc), production dependencies only, non-root, migrations applied
# at start. Expects DATABASE_URL, SESSION_SECRET, IP_HASH_SECRET, TOTP_SECRET_KEY and PUBLIC_URL, the same on every
# instance (see .env.example and docs/deploy.md); members' files and backups are kept in PostgreSQL, so /data is
# only the embedded database of a single instance run without DATABASE_URL, and may be left ephemeral otherwise.
# Runs JavaScript only (decision 103): `npm run build` compiles the app, the server and its workers into build/.
# Both installs apply patches/ (postinstall: patch-package --error-on-fail): a patch that no longer applies fails
# the image build (decision 104).

FROM node:26-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# NODE_ENV=production: patch-package skips the patch of a dev dependency (@remix-run/dev, decision 107) not installed here
RUN NODE_ENV=production npm ci --omit=dev --no-audit --no-fund

FROM node:26-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# The dev dependency `node` (the same Node 26 the image has, decision 287) is installed here too: npm run puts its
# binary first on the PATH, as on a developer's machine.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:26-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home-dir /app app \
    && mkdir -p /data && chown app:app /data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# package.json says the build's files are ES modules; the Markdown of app/content is read at run time.
COPY package.json ./
COPY app/content ./app/content
USER app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "build/server.js"]
