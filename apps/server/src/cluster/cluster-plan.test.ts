import { describe, expect, it } from 'vitest';
import { clusterPlan, processesOf } from './cluster-plan';

describe('npm run cluster arguments', () => {
  it('starts the counts named and one of each role not named', () => {
    expect(clusterPlan(['--api', '2', '--ingest', '3'])).toEqual({ api: 2, ingest: 3, worker: 1 });
    expect(clusterPlan([])).toEqual({ api: 1, ingest: 1, worker: 1 });
  });

  it('lists one process per count, workers and ingest before the api', () => {
    expect(processesOf({ api: 2, ingest: 1, worker: 1 })).toEqual([
      'worker',
      'ingest',
      'api',
      'api',
    ]);
    expect(processesOf({ api: 0, ingest: 2, worker: 0 })).toEqual(['ingest', 'ingest']);
  });

  it('refuses counts that are not whole numbers, and a plan of nothing', () => {
    expect(() => clusterPlan(['--api', 'two'])).toThrow(
      '--api must be a whole number of processes from 0 to 64, not "two"',
    );
    expect(() => clusterPlan(['--worker=-1'])).toThrow(/--worker must be a whole number/);
    expect(() => clusterPlan(['--ingest', '1.5'])).toThrow(/--ingest must be a whole number/);
    expect(() => clusterPlan(['--ingest', '65'])).toThrow(/from 0 to 64/);
    expect(() => clusterPlan(['--api', '0', '--ingest', '0', '--worker', '0'])).toThrow(
      'Nothing to start: give at least one process of a role',
    );
  });

  it('refuses an option it does not know', () => {
    expect(() => clusterPlan(['--apis', '2'])).toThrow(/apis/);
  });
});
