import { describe, expect, it } from 'vitest';
import { dataList, jsonList } from './json-list';

async function* batches(...lists: string[][]) {
  yield* lists;
}
const text = async (chunks: AsyncIterable<Buffer>) => {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all).toString();
};

describe('jsonList', () => {
  it('joins the row texts of every batch with commas between head and tail', async () => {
    const rows = batches(['{"id":1}', '{"id":2}'], ['{"id":3}']);
    expect(await text(jsonList('{"data":[', rows, ']}'))).toBe(
      '{"data":[{"id":1},{"id":2},{"id":3}]}',
    );
  });

  it('keeps texts beyond ASCII whole', async () => {
    const rows = batches(['{"name":"Kühlwagen 3"}', '{"name":"東京 🚚"}']);
    const json = await text(jsonList('[', rows, ']'));
    expect(JSON.parse(json)).toEqual([{ name: 'Kühlwagen 3' }, { name: '東京 🚚' }]);
  });

  it('is head and tail alone for no rows', async () => {
    expect(await text(jsonList('{"data":[', batches(), ']}'))).toBe('{"data":[]}');
  });

  it('holds the head back until the first rows have come', async () => {
    // eslint-disable-next-line require-yield -- a query that fails before any row
    async function* failing(): AsyncGenerator<string[]> {
      throw new Error('database gone');
    }
    const chunks = jsonList('{"data":[', failing(), ']}');
    await expect(chunks.next()).rejects.toThrow('database gone');
  });
});

describe('dataList', () => {
  it('wraps the rows as data, or as data.rows beside the field names', async () => {
    expect(await text(dataList(batches(['[1,"a"]'])))).toBe('{"data":[[1,"a"]]}');
    expect(JSON.parse(await text(dataList(batches(['[1,"a"]']), ['id', 'name'])))).toEqual({
      data: { fields: ['id', 'name'], rows: [[1, 'a']] },
    });
  });
});
