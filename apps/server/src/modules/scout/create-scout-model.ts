import type { Config } from '../../config';
import { AiSdkModel } from './ai-sdk-model';
import { OfflineModel } from './offline/offline-model';
import type { ScoutModel } from './scout-model';

const models = new WeakMap<Config, ScoutModel>();

/** The model config names (SCOUT_PROVIDER and its keys), made once per configuration. */
export function scoutModelFor(config: Config): ScoutModel {
  let model = models.get(config);
  if (!model) {
    const scout = config.scout;
    model =
      scout.provider === 'offline'
        ? new OfflineModel()
        : new AiSdkModel({ ...scout, provider: scout.provider });
    models.set(config, model);
  }
  return model;
}
