// The informant's endpoints (spec document 1, System utilities and monitoring): the metrics in
// OpenMetrics text (GET and POST /informant/metrics), the JSON metrics by category, the current
// service status per component, and the deprecated ts3 reader of the retained series. All read
// the engine's monitor (src/server/metrics).
import type { Handler, HandlerMap, RequestContext } from '../http/context.js';
import { BadRequestError, ServerErrorCodes } from '../http/errors.js';
import {
  categoryMetrics,
  dataPoints,
  descriptorOf,
  matchesDescriptor,
} from '../metrics/categories.js';
import {
  hostedComponent,
  hostedComponents,
  knownComponentNames,
  type HostedComponent,
} from '../metrics/components.js';
import { monitorOf } from '../metrics/monitor.js';

const metrics = async (ctx: RequestContext<'getMetrics'> | RequestContext<'postMetrics'>) => {
  const accept = ctx.headers.accept;
  const { text, contentType } = await monitorOf(ctx.engine).exposition.render(accept);
  return { text, headers: { 'content-type': contentType } };
};

const getMetricsByCategory: Handler<'getMetricsByCategory'> = async (ctx) => {
  const monitor = monitorOf(ctx.engine);
  await monitor.latest();
  const filter = ctx.body ?? {};
  const range = filter.TimeRange;
  for (const [field, value] of Object.entries(range ?? {})) {
    if (value.trim() !== '' && !/^\d+$/.test(value.trim())) {
      throw new BadRequestError(
        `getMetricsByCategory: body.TimeRange.${field}: expected nanoseconds since the epoch, got "${value}"`,
        ServerErrorCodes.invalidPayload,
      );
    }
  }
  return { whole: categoryMetrics(ctx.params.metrics_category, monitor.samples(), filter) };
};

/** A status event: the real service's shape, with this process as the reporting source. */
function statusEvent(component: HostedComponent, status: string, processState: string, at: bigint) {
  const descriptor = descriptorOf(component);
  return {
    EventMeta: {
      Targets: [{ ServiceName: 'IFM' }],
      EventId: `${at.toString(16)}${component.name.toLowerCase()}`,
      SpanId: 'ServiceStatusSelfReport',
      TimestampNS: at.toString(),
      Source: descriptor,
    },
    ServiceDescriptor: descriptor,
    ServiceStatus: status,
    ProcessState: processState,
  };
}

const getServiceStatus: Handler<'getServiceStatus'> = (ctx) => {
  const monitor = monitorOf(ctx.engine);
  const at = BigInt(Date.now()) * 1_000_000n;
  const events = ctx.body.ServiceDescriptors.flatMap((descriptor, index) => {
    const name = descriptor.ServiceName.toUpperCase();
    if (!knownComponentNames.includes(name)) {
      throw new BadRequestError(
        `getServiceStatus: body.ServiceDescriptors[${index}].ServiceName: unknown service ` +
          `"${descriptor.ServiceName}"; expected one of ${knownComponentNames.join(', ')}`,
        ServerErrorCodes.invalidPayload,
      );
    }
    const hosted = hostedComponents.filter((c) => matchesDescriptor(c, descriptor));
    if (hosted.length > 0) {
      return hosted.map((c) => statusEvent(c, monitor.status, 'Running', at));
    }
    // A component the embedded service does not run, or a partition/replica it does not have.
    const absent: HostedComponent = hostedComponent(name) ?? {
      name,
      partition: descriptor.Partition,
      replica: descriptor.Replica,
    };
    const asked = {
      ...absent,
      partition: descriptor.Partition ?? absent.partition,
      replica: descriptor.Replica ?? absent.replica,
    };
    return [statusEvent(asked, 'StatusUnknown', 'Stopped', at)];
  });
  return Promise.resolve({ whole: { ServiceStatusEvents: events } });
};

const getDataPoints: Handler<'getDataPoints'> = async (ctx) => {
  const monitor = monitorOf(ctx.engine);
  await monitor.latest();
  const q = ctx.query;
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) {
    throw new BadRequestError(
      `getDataPoints: query.from (${q.from}) is after query.to (${q.to})`,
      ServerErrorCodes.invalidParameter,
    );
  }
  return { whole: dataPoints(monitor.samples(), q) };
};

export const informantHandlers: HandlerMap = {
  getMetrics: metrics,
  postMetrics: metrics,
  getMetricsByCategory,
  getServiceStatus,
  getDataPoints,
};
