export const RULES_PATH = '/rules';
export const RULE_CREATE_PATH = '/rules/create';
export const rulePath = (id: number) => `/rules/${id}`;
