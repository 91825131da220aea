# mcp-posture as a container image, for fleet scans as Kubernetes Indexed Jobs or CI jobs.
#   docker build -t mcp-posture .
#   docker run --rm mcp-posture scan https://mcp.example.com/mcp
# Node 20 (the project's engine); better-sqlite3 12.x is compiled in the build stage.
FROM node:20-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && node -e "require('better-sqlite3')(':memory:').prepare('select 1').get()"

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY schema ./schema
COPY docs/checks ./docs/checks
# An unprivileged user; /work is where a SQLite history or a journal can be mounted.
RUN mkdir -p /work && chown node:node /work
USER node
WORKDIR /work
ENTRYPOINT ["node", "/app/dist/cli/bin.js"]
CMD ["--help"]
