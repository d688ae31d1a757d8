// The SMTP peer for bench/mail: accepts every mail, reads it to the end, counts it. Reports its port
// and, when asked, the count over IPC.
import { SMTPServer } from 'smtp-server';

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 200,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      count++;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', () => process.send?.({ count }));
