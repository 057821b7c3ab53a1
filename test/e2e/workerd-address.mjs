// The address where workerd serves the Worker under `wrangler dev`, behind the proxy worker wrangler puts on the port
// it was given. Every suite goes there (the browsers too, since three suites run at once): past a hundred requests at once that proxy, not the Worker, fails (its own 503
// "Your worker restarted mid-request", reset connections, GETs it holds and never forwards), while the Worker logs
// no error. wrangler does not print the address (workerd listens on a port of its choosing), so it is read from
// Linux's /proc: the ports the server's process group listens on, the one that answers /api/health as the Worker
// answers it (with its X-Request-Id), other than the proxy's port.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The socket inodes open in the processes of process group `group`. */
function socketsOf(group) {
  const inodes = new Set();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command name in brackets: state, parent, process group.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket) inodes.add(socket[1]);
      }
    } catch {
      // A process that ended meanwhile has nothing to offer.
    }
  }
  return inodes;
}

/** The IPv4 TCP ports listened on through those sockets (/proc/net/tcp: local address, state 0A = LISTEN, inode). */
function listeningPorts(group) {
  const inodes = socketsOf(group);
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === '0A' && inodes.has(cols[9]))
    .map((cols) => Number.parseInt(cols[1].split(':')[1], 16));
}

/** `http://127.0.0.1:<port>` of workerd serving the Worker of the `wrangler dev` leading process group `group`. */
export async function workerdAddress(group, proxyPort) {
  const ports = listeningPorts(group).filter((port) => port !== proxyPort);
  const probe = async (port) => {
    const base = `http://127.0.0.1:${port}`;
    // The other ports are the inspectors' and workerd's debug port, which does not speak HTTP: it logs one
    // "incoming RPC message exceeds size limit" line for the probe, and never answers.
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    if (!res.ok || !res.headers.has('X-Request-Id')) throw new Error(`${base} is not the Worker`);
    return base;
  };
  try {
    return await Promise.any(ports.map(probe));
  } catch {
    throw new Error(`none of the ports wrangler dev listens on (${ports.join(', ')}) answers /api/health as the Worker`);
  }
}
