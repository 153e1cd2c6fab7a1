import { createTheme, Select, type MantineBreakpointsValues } from '@mantine/core';
import { BREAKPOINTS } from '@waymark/domain';

const em = (px: number) => `${px / 16}em`;

/** Spec 002 §9 breakpoints (640/768/1024/1280/1440 px), in em as Mantine expects. */
export const breakpoints: MantineBreakpointsValues = {
  xs: em(BREAKPOINTS.xs),
  sm: em(BREAKPOINTS.sm),
  md: em(BREAKPOINTS.md),
  lg: em(BREAKPOINTS.lg),
  xl: em(BREAKPOINTS.xl),
};

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  breakpoints,
  components: {
    // Picking the chosen option again keeps it (issue 35.20: re-picking a Model cleared it);
    // a select that may be emptied says so with `clearable`.
    Select: Select.extend({ defaultProps: { allowDeselect: false } }),
  },
});
