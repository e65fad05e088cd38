// Allow-list checks: whether a client address is on a workgroup's list of addresses and CIDR
// blocks (node's BlockList does the matching), and the validation of a new entry. IPv4 clients
// seen on a dual-stack socket (::ffff:a.b.c.d) are matched as the IPv4 address they are.
import { BlockList, isIP } from 'node:net';
import { badRequest } from './errors.js';
import type { AllowedIp, WorkgroupRecord } from './records.js';

/** The address as written by a client: IPv4-mapped IPv6 turned back into IPv4. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** Checks an allow-list entry (an address or a CIDR block) and answers it in canonical form. */
export function parseEntry(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest('allow list: IP must be an address or a CIDR block, e.g. 203.0.113.7/32');
  }
  const text = value.trim();
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    throw badRequest(`allow list: ${JSON.stringify(text)} is not an IP address or CIDR block`);
  }
  if (prefix !== undefined) {
    const bits = Number(prefix);
    const max = family === 4 ? 32 : 128;
    if (!/^\d+$/.test(prefix) || bits > max) {
      throw badRequest(`allow list: ${JSON.stringify(text)} has a prefix length outside 0..${max}`);
    }
  }
  return text;
}

function blockListOf(entries: readonly AllowedIp[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.IP.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Whether `address` may reach the workgroup's workspaces (always, when the list is off). */
export function isAllowed(workgroup: WorkgroupRecord, address: string): boolean {
  if (!workgroup.AllowListEnabled) return true;
  const plain = plainAddress(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return blockListOf(workgroup.AllowList).check(plain, family === 6 ? 'ipv6' : 'ipv4');
}
