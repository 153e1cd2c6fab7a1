# One image for every role: the command picks it (`--role api|ingest|worker`, see
# docker-compose.yml); without one it runs all three with the embedded database.
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w apps/web
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"]
