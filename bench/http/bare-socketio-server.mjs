// The floor for the socket figure: socket.io on a plain Node server, accepting every connection.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end('{"status":"ok"}');
});
new Server(server, { path: '/socket.io', serveClient: false, connectTimeout: 20_000 });
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGINT', () => process.exit(0));
