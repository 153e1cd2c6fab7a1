export * from './account/account.schema';
export * from './account/account.rules';
export * from './auth/auth.schema';
export * from './constants/constants';
export * from './http/envelope.schema';
export * from './permissions/permissions';
export * from './phone/phone.rules';
export * from './user/user.schema';
