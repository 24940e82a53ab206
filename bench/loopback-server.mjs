// The loopback benchmark's server, in a process of its own (as a node is): a bare node:http
// server answering every POST with the prepared body named by `process.argv[2]`, the request's
// id echoed. It reports its port to the parent over IPC.
import { createServer } from 'node:http';
import { bigValidatorsBody, heightBody } from './payloads.mjs';

const body = process.argv[2] === 'validators' ? bigValidatorsBody() : heightBody();
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const id = JSON.parse(Buffer.concat(chunks).toString()).id;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body.replace('"id":1,', `"id":${id},`));
  });
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
process.on('disconnect', () => process.exit(0));
