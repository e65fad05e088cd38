// The components of the real service that the embedded one plays, and the service-status codes
// (spec document 1, States). The embedded service is one process: it hosts the engine (GPE, GSE),
// the REST++ and GSQL servers and the informant, so each of these components reports that one
// process's status and usage; components it does not run (Kafka, ZooKeeper, Nginx, ...) are
// absent from the metrics and answer StatusUnknown when asked for by name.

/** Service status codes of the informant, by name. */
export const serviceStatusCodes = {
  StatusUnchanged: 0,
  StatusUnknown: 3,
  Online: 6,
  Warmup: 9,
  Readonly: 12,
  Starting: 15,
  Paused: 18,
  Stopping: 21,
  Offline: 24,
  Down: 27,
} as const;

export type ServiceStatusName = keyof typeof serviceStatusCodes;

/** One hosted component: its name and whether it is partitioned and/or replicated. */
export interface HostedComponent {
  readonly name: string;
  /** The partition number; undefined for a component that is not partitioned. */
  readonly partition: number | undefined;
  /** The replica number; undefined for a component that is not replicated. */
  readonly replica: number | undefined;
}

/** What the embedded process hosts, in the order the metrics list them. */
export const hostedComponents: readonly HostedComponent[] = [
  { name: 'GPE', partition: 1, replica: 1 },
  { name: 'GSE', partition: 1, replica: 1 },
  { name: 'GSQL', partition: undefined, replica: 1 },
  { name: 'IFM', partition: undefined, replica: 1 },
  { name: 'RESTPP', partition: undefined, replica: 1 },
];

/** Component names the real service knows (the informant's accepted ServiceName values). */
export const knownComponentNames: readonly string[] = [
  'ADMIN',
  'CTRL',
  'DICT',
  'ETCD',
  'EXE',
  'GPE',
  'GSE',
  'GSQL',
  'GUI',
  'IFM',
  'KAFKA',
  'KAFKACONN',
  'KAFKASTRM-LL',
  'NGINX',
  'RESTPP',
  'ZK',
];

/** The single node of the embedded service, as the real service names its first node. */
export const hostId = 'm1';

export function hostedComponent(name: string): HostedComponent | undefined {
  const upper = name.toUpperCase();
  return hostedComponents.find((c) => c.name === upper);
}
