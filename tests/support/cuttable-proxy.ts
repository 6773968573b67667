import net from 'node:net';

/**
 * A TCP proxy in front of a server that can drop the way a venue's Wi-Fi does: `cut()` stops every byte in both
 * directions on the connections already open (their TCP stays "up", as a phone's does for minutes) and holds new ones
 * unanswered; `restore()` lets new connections through again and resets the stale ones, as the server's side would.
 * Browser emulation (`context.setOffline`) cannot stand in for it: it fails new requests, but a stream already open
 * keeps delivering.
 */
export async function startCuttableProxy(target: string) {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  let cut = false;

  const pipe = (client: net.Socket) => {
    const upstream = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    open.add(client).add(upstream);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        // Bytes of a cut connection are lost, never delivered late.
        if (!cut && open.has(from)) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  };

  const server = net.createServer((client) => {
    client.on('error', () => client.destroy());
    if (cut) {
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;

  return {
    url: `http://localhost:${address.port}`,
    cut() {
      cut = true;
      // What was open stays open and silent until the network is back.
      for (const socket of open) socket.pause();
    },
    restore() {
      cut = false;
      for (const socket of [...open, ...held]) socket.destroy();
      open.clear();
      held.clear();
    },
    close() {
      for (const socket of [...open, ...held]) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
