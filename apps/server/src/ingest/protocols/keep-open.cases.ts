import type { KeepOpenCase } from './keep-open.case';
import { GALILEOSKY_KEEP_OPEN } from './galileosky/galileosky.keep-open';
import { GT06_KEEP_OPEN } from './gt06/gt06.keep-open';
import { ISTARTEK_KEEP_OPEN } from './istartek/istartek.keep-open';
import { JT600_KEEP_OPEN } from './jt600/jt600.keep-open';
import { JT808_KEEP_OPEN } from './jt808/jt808.keep-open';
import { NAVTELECOM_KEEP_OPEN } from './navtelecom/navtelecom.keep-open';
import { QUECLINK_BINARY_KEEP_OPEN } from './queclink/queclink-binary.keep-open';
import { RUPTELA_KEEP_OPEN } from './ruptela/ruptela.keep-open';
import { SUNTECH_KEEP_OPEN } from './suntech/suntech.keep-open';
import { TOPFLYTECH_KEEP_OPEN } from './topflytech/topflytech.keep-open';
import { WIALON_KEEP_OPEN, WIALON_UDP_KEEP_OPEN } from './wialon/wialon.keep-open';

/** Every family's case, each with its own packets in its own folder. */
export const KEEP_OPEN_CASES: readonly KeepOpenCase[] = [
  GT06_KEEP_OPEN,
  JT808_KEEP_OPEN,
  SUNTECH_KEEP_OPEN,
  RUPTELA_KEEP_OPEN,
  TOPFLYTECH_KEEP_OPEN,
  NAVTELECOM_KEEP_OPEN,
  ISTARTEK_KEEP_OPEN,
  WIALON_KEEP_OPEN,
  WIALON_UDP_KEEP_OPEN,
  GALILEOSKY_KEEP_OPEN,
  JT600_KEEP_OPEN,
  QUECLINK_BINARY_KEEP_OPEN,
];
