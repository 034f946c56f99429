// npm run cluster: three instances of the compiled server behind nginx on PostgreSQL, Redis and an S3-compatible
// server, until Ctrl-C; then every process, the database, the Redis keys and the temporary files go.
// CLUSTER_POSTGRES_URL and CLUSTER_REDIS_URL point at other servers; CLUSTER_INSTANCES changes the count.
import { startCluster } from './cluster'

async function main(): Promise<void> {
  const cluster = await startCluster({
    instances: Number(process.env.CLUSTER_INSTANCES ?? 3),
    log: (line) => console.log(line),
  })
  console.log(`\nWandercards runs on ${cluster.url} (API key ${cluster.apiKey}); Ctrl-C stops the cluster.`)
  console.log(`Logs: ${cluster.directory}`)
  console.log(`Mail the instances send: ${cluster.mail.folder} (one .eml file per message)`)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the cluster …`)
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
