/** What a scan designates to exercise MCPP-MOD30 and MCPP-MOD31 on this fixture (see ./tools.ts). */
export const REGION_DESIGNATION = { name: 'region_report', arguments: { region: 'us-west1' } } as const;
