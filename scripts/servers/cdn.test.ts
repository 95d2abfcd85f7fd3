import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cdnArgs, EPHEMERAL_PORTS, scratchPort } from './cdn.ts';

// ci10 failed with `Address already in use (socket "direct:1:default")`: the inbox runtime test's
// server took a port of 25,000 + pid % 4,000, and its inspector (port + 10,000) fell in Linux's
// ephemeral range (32,768-60,999), where any outgoing connection on the host may hold it for a
// moment. Holding a server's inspector port reproduces that exact message.
const inspectorOf = (args: string[]) => Number(args[args.indexOf('--inspector-port') + 1]);

describe('the runtime’s ports stay out of the ephemeral range', () => {
  it('matches the range this host hands out', () => {
    const range = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    expect(range[0]).toBeGreaterThanOrEqual(EPHEMERAL_PORTS.first);
  });

  it('gives every scratch server (any pid) a port and an inspector port below it', () => {
    for (let pid = 0; pid < 5000; pid += 1) {
      const port = scratchPort(pid);
      expect(port).toBeLessThan(EPHEMERAL_PORTS.first);
      expect(inspectorOf(cdnArgs(port))).toBeLessThan(EPHEMERAL_PORTS.first);
    }
  });

  it('refuses a port whose inspector would fall in it, naming both', () => {
    expect(() => cdnArgs(25_751)).toThrow(
      'port 25751: its inspector port 35751 is in the ephemeral range (32768-60999); choose a port below 22768',
    );
  });

  it('keeps the fixed ports of the suites as they are', () => {
    for (const port of [4322, 4372, 4402, 8790, 8794]) expect(inspectorOf(cdnArgs(port))).toBe(port + 10_000);
  });
});
