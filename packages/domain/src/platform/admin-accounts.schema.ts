import { z } from 'zod';
import { textSchema } from '../common/fields.schema';

/**
 * A customer account a platform admin creates from the Accounts screen (POST
 * /admin/accounts): its title, whether it is a business (B2B) or a consumer account, and the
 * account flags that open screens (spec 002 §3 "Account"; §6: has_api_access,
 * has_rules_engine, can_track_shipments). Users join it through an invitation.
 */
export const ADMIN_ACCOUNT_MESSAGES = {
  title: 'Give the account a title of up to 100 characters',
  titleTaken: 'An account with this title exists already: choose another title',
  type: 'is_b2b_account must be true (business) or false (consumer)',
  flag: (flag: string) => `${flag} must be true or false`,
} as const;
const m = ADMIN_ACCOUNT_MESSAGES;

/** The longest account title. */
export const ACCOUNT_TITLE_MAX = 100;

const flag = (name: string) => z.boolean({ error: m.flag(name) }).default(false);

export const adminAccountCreateSchema = z.object({
  title: textSchema({ max: ACCOUNT_TITLE_MAX, error: m.title, tooLong: m.title }).min(1, m.title),
  is_b2b_account: z.boolean({ error: m.type }),
  has_api_access: flag('has_api_access'),
  has_rules_engine: flag('has_rules_engine'),
  can_track_shipments: flag('can_track_shipments'),
});
export type AdminAccountCreate = z.infer<typeof adminAccountCreateSchema>;
/** The form's values before defaults: what the web app sends. */
export type AdminAccountCreateInput = z.input<typeof adminAccountCreateSchema>;
