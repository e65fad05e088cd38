// The bench's command line: which workloads and which peers run.
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../bench/flags.js';

describe('bench flags', () => {
  it('runs every peer unless --peers names some', () => {
    expect([...parseFlags([]).peers]).toEqual(['csr', 'graphology', 'kuzu', 'duckdb']);
    const flags = parseFlags(['--size', 'L', '--peers', 'csr,duckdb']);
    expect(flags.size).toBe('L');
    expect([...flags.peers]).toEqual(['csr', 'duckdb']);
  });

  it('refuses an unknown peer or workload, naming the choices', () => {
    expect(() => parseFlags(['--peers', 'neo4j'])).toThrow(
      /--peers: one of csr, graphology, kuzu, duckdb, not neo4j/,
    );
    expect(() => parseFlags(['--only', 'pagerank,nope'])).toThrow(/--only: .* not nope/);
  });
});
