// The floor every HTTP figure is compared with: Node's own server answering /healthz's JSON, nothing else.
// Plain JavaScript run by plain `node`, so its start-up time is the least a Node process can take.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGINT', () => server.close(() => process.exit(0)));
