import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { models } from '../../db/schema';

/** The model, or undefined when there is none with this id. */
export async function modelById(db: Db, id: number) {
  const [row] = await db
    .select({
      id: models.id,
      title: models.title,
      device_type: models.device_type,
      protocol: models.protocol,
    })
    .from(models)
    .where(eq(models.id, id));
  return row;
}

export type SetupModelRow = NonNullable<Awaited<ReturnType<typeof modelById>>>;
