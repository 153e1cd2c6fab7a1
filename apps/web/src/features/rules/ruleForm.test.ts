import { describe, expect, it } from 'vitest';
import { ruleSaveSchema, ruleTestRequestSchema } from '@waymark/domain';
import { blankRule, itemErrors, payloadOf, testPayloadOf, type RuleFormValues } from './ruleForm';

const values = (): RuleFormValues => ({
  ...blankRule(),
  name: ' Depot ',
  throttle_enabled: true,
  throttle_hours: ' ',
  conditions: [
    { key: 'a', type: null, operator: 'and', data: {} },
    { key: 'b', type: 'tracker_name', operator: 'or', data: { value: 'Van' } },
  ],
  actions: [
    {
      key: 'c',
      type: 'send_email',
      operator: 'and',
      data: { email_addresses: 'a@x.test, ,b@x.test ', subject: 'S', body: '', timezone_id: 1 },
    },
  ],
});

describe('the rule form', () => {
  it('sends typed items only, e-mail addresses as a list and empty hours as null', () => {
    const payload = payloadOf(values());
    expect(payload).toEqual({
      name: 'Depot',
      is_enabled: 1,
      throttle_enabled: true,
      throttle_hours: null,
      conditions: [{ type: 'tracker_name', operator: 'or', data: { value: 'Van' } }],
      actions: [
        {
          type: 'send_email',
          operator: 'and',
          data: {
            email_addresses: ['a@x.test', 'b@x.test'],
            subject: 'S',
            body: '',
            timezone_id: 1,
          },
        },
      ],
    });
    // The server's schema names the missing hours, as the form shows under them.
    const parsed = ruleSaveSchema.safeParse(payload);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['throttle_hours']);
  });

  it('tests the conditions and throttle as the form holds them, unsaved, without actions', () => {
    const edited = { ...values(), throttle_enabled: false, throttle_hours: '3' };
    expect(testPayloadOf(edited)).toEqual({
      throttle_enabled: false,
      throttle_hours: '3',
      conditions: [{ type: 'tracker_name', operator: 'or', data: { value: 'Van' } }],
    });
    expect(ruleTestRequestSchema.parse(testPayloadOf(edited))).toEqual({
      throttle_enabled: false,
      throttle_hours: 3,
      conditions: [{ type: 'tracker_name', operator: 'or', data: { value: 'Van' } }],
    });
    // Throttle on without hours: the test is refused on the same field as a save.
    const parsed = ruleTestRequestSchema.safeParse(testPayloadOf(values()));
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['throttle_hours']);
  });

  it("puts the server's messages under the item they are about", () => {
    const v = values();
    const errors = itemErrors(
      { 'conditions.0.data.value': ['Enter a value'], throttle_hours: ['x'] },
      'conditions',
      v.conditions,
    );
    expect([...errors]).toEqual([['b', { value: 'Enter a value' }]]);
  });
});
