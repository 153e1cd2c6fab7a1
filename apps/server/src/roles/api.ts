import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { cspReportRoutes } from '../http/csp-reports';
import type { PositionIntake } from '../modules/ingest/ingest.service';
import { RealtimeHub } from '../realtime/hub';
import { anchorImageRoutes } from '../modules/anchors/anchor-images.routes';
import { anchorRoutes } from '../modules/anchors/anchors.routes';
import { commandRoutes } from '../modules/commands/commands.routes';
import { modelRoutes } from '../modules/commands/models.routes';
import { deviceSetupRoutes } from '../modules/device-setup/device-setup.routes';
import { ruleRoutes } from '../modules/rules/rules.routes';
import { chatFileRoutes } from '../modules/scout/chat-files.routes';
import { scoutRoutes } from '../modules/scout/scout.routes';
import { deviceListRoutes } from '../modules/devices/device-lists.routes';
import { deviceTriggerRoutes } from '../modules/devices/device-triggers.routes';
import { deviceRoutes } from '../modules/devices/devices.routes';
import { geofenceRoutes } from '../modules/geofences/geofences.routes';
import { placeRoutes } from '../modules/places/places.routes';
import { dwellRoutes } from '../modules/dwell/dwell.routes';
import { groupRoutes } from '../modules/groups/groups.routes';
import { simReplacementRoutes } from '../modules/sim-replacement/sim-replacement.routes';
import { adminRoutes } from '../modules/admin/admin.routes';
import { adminUserRoutes } from '../modules/admin/admin-users.routes';
import { auditLogPlugin } from '../modules/admin/audit-log.plugin';
import { alertRoutes } from '../modules/alerts/alerts.routes';
import { outboxRoutes } from '../modules/admin/outbox.routes';
import { ingestRoutes } from '../modules/ingest/ingest.routes';
import { exportRoutes } from '../modules/exports/exports.routes';
import { reportExportRoutes } from '../modules/reports/report-exports.routes';
import { positionRoutes } from '../modules/positions/positions.routes';
import { tripRoutes } from '../modules/trips/trips.routes';
import { reportScheduleRoutes } from '../modules/report-schedules/report-schedules.routes';
import { realtimeRoutes } from '../realtime/realtime.routes';
import { publicShipmentRoutes } from '../modules/shipments/public-shipments.routes';
import { reportRoutes } from '../modules/reports/reports.routes';
import { publicReportRoutes } from '../modules/reports/public-reports.routes';
import { shipmentBulkRoutes } from '../modules/shipments/shipment-bulk.routes';
import { shipmentPositionRoutes } from '../modules/shipments/shipment-positions.routes';
import { shipmentRoutes } from '../modules/shipments/shipments.routes';
import { accountRoutes } from '../modules/accounts/accounts.routes';
import { historyRoutes } from '../modules/history/history.routes';
import { accountUserRoutes } from '../modules/accounts/account-users.routes';
import { invitationRoutes } from '../modules/invitations/invitations.routes';
import { pendingInvitationRoutes } from '../modules/invitations/pending-invitations.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { metricsRoutes } from '../modules/health/metrics.routes';
import { mapArchiveRoutes } from '../modules/map/map-archive.routes';
import { userRoutes } from '../modules/users/users.routes';
import { billingRoutes } from '../modules/billing/billing.routes';
import { surveyRoutes } from '../modules/surveys/surveys.routes';
import { deviceUtilityRoutes } from '../modules/utilities/device-utilities.routes';
import { inventoryRoutes } from '../modules/utilities/inventory.routes';

/**
 * The api role's root: HTTP (every route under /api, in one visible order), the websockets'
 * realtime hub fed from the bus, and the web app (served by `http/app.ts`). It holds no
 * pipeline; `positions` is the pipeline of a process that also runs the worker role.
 */
export function apiRoutes(options: { positions?: PositionIntake }) {
  const { positions } = options;
  return async (app: FastifyInstance, ctx: AppContext) => {
    const hub = new RealtimeHub(ctx.bus);
    await app.register(auditLogPlugin, { ctx });
    await app.register(
      async (api) => {
        await api.register(healthRoutes, { ctx });
        await api.register(metricsRoutes, { ctx });
        await api.register(mapArchiveRoutes, { ctx });
        await api.register(cspReportRoutes, { ctx });
        await api.register(authRoutes, { ctx });
        await api.register(userRoutes, { ctx });
        await api.register(accountRoutes, { ctx });
        await api.register(historyRoutes, { ctx });
        await api.register(accountUserRoutes, { ctx });
        await api.register(invitationRoutes, { ctx });
        await api.register(pendingInvitationRoutes, { ctx });
        await api.register(realtimeRoutes, { ctx, hub });
        await api.register(positionRoutes, { ctx });
        await api.register(tripRoutes, { ctx });
        await api.register(reportScheduleRoutes, { ctx });
        await api.register(exportRoutes, { ctx });
        // JSON ingest hands positions to a pipeline: only where this process runs one.
        if (positions) await api.register(ingestRoutes, { ctx, positions });
        await api.register(adminRoutes, { ctx });
        await api.register(adminUserRoutes, { ctx });
        await api.register(outboxRoutes, { ctx });
        await api.register(inventoryRoutes, { ctx });
        await api.register(deviceUtilityRoutes, { ctx });
        await api.register(deviceListRoutes, { ctx });
        await api.register(deviceRoutes, { ctx });
        await api.register(deviceTriggerRoutes, { ctx });
        await api.register(groupRoutes, { ctx });
        await api.register(simReplacementRoutes, { ctx });
        await api.register(commandRoutes, { ctx });
        await api.register(modelRoutes, { ctx });
        await api.register(deviceSetupRoutes, { ctx });
        await api.register(ruleRoutes, { ctx });
        await api.register(geofenceRoutes, { ctx });
        await api.register(placeRoutes, { ctx });
        await api.register(anchorRoutes, { ctx });
        await api.register(anchorImageRoutes, { ctx });
        await api.register(dwellRoutes, { ctx });
        await api.register(scoutRoutes, { ctx });
        await api.register(chatFileRoutes, { ctx });
        await api.register(shipmentRoutes, { ctx });
        await api.register(shipmentBulkRoutes, { ctx });
        await api.register(shipmentPositionRoutes, { ctx });
        await api.register(publicShipmentRoutes, { ctx });
        await api.register(alertRoutes, { ctx });
        await api.register(reportRoutes, { ctx });
        await api.register(publicReportRoutes, { ctx });
        await api.register(reportExportRoutes, { ctx });
        await api.register(billingRoutes, { ctx });
        await api.register(surveyRoutes, { ctx });
      },
      { prefix: '/api' },
    );
  };
}
