/**
 * The subset of SARIF 2.1.0 that mcp-posture emits, typed so the renderer
 * cannot drift from the schema by accident. Names follow the spec (§3).
 */

export type SarifLevel = 'error' | 'warning' | 'note' | 'none';

export interface SarifMessage {
  readonly text: string;
  readonly markdown?: string;
}

export type PropertyBag = Readonly<Record<string, unknown>>;

export interface SarifRule {
  readonly id: string;
  readonly name: string;
  readonly shortDescription: SarifMessage;
  readonly fullDescription: SarifMessage;
  readonly helpUri: string;
  readonly help: SarifMessage;
  readonly defaultConfiguration: { readonly level: SarifLevel };
  readonly properties: PropertyBag;
}

export interface SarifRuleReference {
  readonly id: string;
  readonly index: number;
}

export interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly kind: 'fail' | 'review';
  readonly level: SarifLevel;
  readonly message: SarifMessage;
  readonly locations: readonly SarifLocation[];
  readonly partialFingerprints: Readonly<Record<string, string>>;
  /** SARIF §3.27.23: present when a suppression in the configuration accepted the result. */
  readonly suppressions?: readonly SarifSuppression[];
  /** SARIF §3.27.24: against the baseline file the report was compared with, when there was one. */
  readonly baselineState?: 'new' | 'unchanged';
  readonly properties: PropertyBag;
}

export interface SarifSuppression {
  readonly kind: 'external';
  readonly status: 'accepted';
  readonly justification: string;
}

export interface SarifLocation {
  readonly physicalLocation: {
    readonly artifactLocation: { readonly uri: string };
    readonly region: { readonly startLine: number };
  };
  readonly logicalLocations: readonly { readonly fullyQualifiedName: string; readonly kind: string }[];
}

export interface SarifNotification {
  readonly level: SarifLevel;
  readonly message: SarifMessage;
  readonly associatedRule?: SarifRuleReference;
  readonly properties?: PropertyBag;
}

export interface SarifInvocation {
  readonly executionSuccessful: boolean;
  readonly startTimeUtc?: string;
  readonly endTimeUtc?: string;
  readonly toolExecutionNotifications: readonly SarifNotification[];
}

export interface SarifRun {
  readonly tool: {
    readonly driver: {
      readonly name: string;
      readonly version: string;
      readonly semanticVersion: string;
      readonly informationUri: string;
      readonly rules: readonly SarifRule[];
    };
  };
  readonly automationDetails: { readonly id: string };
  readonly invocations: readonly SarifInvocation[];
  readonly results: readonly SarifResult[];
  readonly properties: PropertyBag;
}

export interface SarifLog {
  readonly $schema: string;
  readonly version: '2.1.0';
  readonly runs: readonly SarifRun[];
}
