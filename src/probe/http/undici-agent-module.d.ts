/** undici's dispatcher module, which the package declares no types for: its export is the Agent class. */
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';

  const AgentClass: typeof Agent;
  export default AgentClass;
}
