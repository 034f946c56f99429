/**
 * A stand-in for the Redux DevTools browser extension, for tests (docs/qa-replay.md). Installed before the app loads
 * (Playwright's addInitScript, or before a fresh module registry in jest), it defines what the extension defines:
 *
 * - `__REDUX_DEVTOOLS_EXTENSION__.connect(options)`, the connection the extension gives a page: `init(state)`,
 *   `send(action, state)` (a null action sends the whole lifted state), `subscribe(listener)` for the monitor's
 *   messages, `unsubscribe()` and `error(message)`;
 * - `__REDUX_DEVTOOLS_EXTENSION_COMPOSE__(options)`, the enhancer RTK's `configureStore` uses. Like the extension's
 *   (@redux-devtools/instrument) it keeps the committed state and every action, computes each state through the
 *   app's reducer, and on the monitor's DISPATCH messages (JUMP_TO_STATE, JUMP_TO_ACTION, TOGGLE_ACTION, COMMIT,
 *   ROLLBACK, IMPORT_STATE) changes what `getState()` returns and notifies subscribers, without going through the
 *   app's dispatch. An import recomputes every state from the imported actions, as the extension does. What the
 *   monitor receives passes through the page's `actionSanitizer` and `stateSanitizer`.
 *
 * The monitor's side is `window.__reduxDevToolsStandIn` ({@link DevToolsStandIn}). The function is self-contained,
 * so Playwright can send it to the page as it is.
 */
export function installDevToolsStandIn(): void {
  interface AnyAction {
    type: string
  }
  type Reducer = (state: unknown, action: AnyAction) => unknown
  type Listener = (message: unknown) => void
  interface Options {
    name?: string
    actionSanitizer?: (action: AnyAction, id: number) => AnyAction
    stateSanitizer?: (state: unknown, index: number) => unknown
  }
  interface LiftedState {
    actionsById: Record<number, { action: AnyAction }>
    stagedActionIds: number[]
    skippedActionIds: number[]
    committedState: unknown
    currentStateIndex: number
    computedStates: { state: unknown; error?: string }[]
    nextActionId: number
  }
  type StoreCreator = (reducer: Reducer, preloadedState?: unknown) => unknown
  type Enhancer = (next: StoreCreator) => StoreCreator

  const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T
  const win = window as unknown as Record<string, unknown>

  const monitor = {
    listeners: [] as Listener[],
    /** What the monitor shows, sanitized: the lifted state as the page last sent it. */
    lifted: null as LiftedState | null,
    errors: [] as string[],
  }

  const connect = () => ({
    init(state: unknown) {
      monitor.lifted = {
        actionsById: { 0: { action: { type: '@@INIT' } } },
        stagedActionIds: [0],
        skippedActionIds: [],
        committedState: clone(state),
        currentStateIndex: 0,
        computedStates: [{ state: clone(state) }],
        nextActionId: 1,
      }
    },
    send(action: AnyAction | null, state: unknown) {
      if (action === null) {
        monitor.lifted = clone(state as LiftedState)
        return
      }
      const lifted = monitor.lifted as LiftedState
      const id = lifted.nextActionId++
      lifted.actionsById[id] = { action: clone(action) }
      lifted.stagedActionIds.push(id)
      lifted.computedStates.push({ state: clone(state) })
    },
    subscribe(listener: Listener) {
      monitor.listeners.push(listener)
      return () => {
        monitor.listeners = monitor.listeners.filter((other) => other !== listener)
      }
    },
    unsubscribe() {
      monitor.listeners = []
    },
    error(message: string) {
      monitor.errors.push(message)
    },
  })

  const instrument =
    (options: Options): Enhancer =>
    () =>
    (reducer, preloadedState) => {
      const connection = connect()
      const sanitizeAction = (action: AnyAction, id: number) =>
        options.actionSanitizer ? options.actionSanitizer(action, id) : action
      const sanitizeState = (state: unknown, index: number) =>
        options.stateSanitizer ? options.stateSanitizer(state, index) : state
      let appReducer = reducer
      const subscribers = new Set<() => void>()
      const notify = () => [...subscribers].forEach((subscriber) => subscriber())
      const compute = (state: unknown, action: AnyAction): { state: unknown; error?: string } => {
        try {
          return { state: appReducer(state, action) }
        } catch (error) {
          return { state, error: String(error) }
        }
      }

      const initial = compute(preloadedState, { type: '@@INIT' }).state
      const stateAt = (index: number) => (lifted.computedStates[index] as { state: unknown }).state
      const actionOf = (id: number) => (lifted.actionsById[id] as { action: AnyAction }).action
      const lifted: LiftedState = {
        actionsById: { 0: { action: { type: '@@INIT' } } },
        stagedActionIds: [0],
        skippedActionIds: [],
        committedState: initial,
        currentStateIndex: 0,
        computedStates: [{ state: initial }],
        nextActionId: 1,
      }
      const recomputeFrom = (start: number) => {
        for (let index = Math.max(start, 1); index < lifted.stagedActionIds.length; index += 1) {
          const id = lifted.stagedActionIds[index] as number
          const previous = stateAt(index - 1)
          lifted.computedStates[index] = lifted.skippedActionIds.includes(id)
            ? { state: previous }
            : compute(previous, actionOf(id))
        }
        lifted.computedStates.length = lifted.stagedActionIds.length
      }
      const sendLifted = () => {
        const actionsById: LiftedState['actionsById'] = {}
        for (const id of lifted.stagedActionIds) {
          actionsById[id] = { action: sanitizeAction(actionOf(id), id) }
        }
        connection.send(null, {
          ...lifted,
          actionsById,
          committedState: sanitizeState(lifted.committedState, 0),
          computedStates: lifted.computedStates.map((entry, index) => ({
            ...entry,
            state: sanitizeState(entry.state, index),
          })),
        })
      }
      const resetTo = (state: unknown) => {
        lifted.actionsById = { 0: { action: { type: '@@INIT' } } }
        lifted.stagedActionIds = [0]
        lifted.skippedActionIds = []
        lifted.committedState = state
        lifted.computedStates = [{ state }]
        lifted.currentStateIndex = 0
      }

      connection.subscribe((message) => {
        const { type, payload } = message as { type: string; payload: Record<string, unknown> }
        if (type !== 'DISPATCH') return
        switch (payload.type) {
          case 'JUMP_TO_STATE':
            lifted.currentStateIndex = payload.index as number
            break
          case 'JUMP_TO_ACTION':
            lifted.currentStateIndex = lifted.stagedActionIds.indexOf(payload.actionId as number)
            break
          case 'TOGGLE_ACTION': {
            const id = payload.id as number
            lifted.skippedActionIds = lifted.skippedActionIds.includes(id)
              ? lifted.skippedActionIds.filter((skipped) => skipped !== id)
              : [...lifted.skippedActionIds, id]
            recomputeFrom(lifted.stagedActionIds.indexOf(id))
            break
          }
          case 'COMMIT':
            resetTo(stateAt(lifted.currentStateIndex))
            break
          case 'ROLLBACK':
            resetTo(lifted.committedState)
            break
          case 'IMPORT_STATE': {
            const next = payload.nextLiftedState as LiftedState
            lifted.actionsById = next.actionsById
            lifted.stagedActionIds = next.stagedActionIds
            lifted.skippedActionIds = next.skippedActionIds
            lifted.committedState = next.committedState
            lifted.nextActionId = next.nextActionId
            lifted.computedStates = [{ state: next.committedState }]
            recomputeFrom(1)
            lifted.currentStateIndex = lifted.computedStates.length - 1
            break
          }
          default:
            return
        }
        sendLifted()
        notify()
      })
      connection.init(sanitizeState(initial, 0))

      return {
        dispatch(action: AnyAction) {
          const last = lifted.computedStates.length - 1
          const id = lifted.nextActionId++
          lifted.actionsById[id] = { action }
          lifted.stagedActionIds.push(id)
          lifted.computedStates.push(compute(stateAt(last), action))
          if (lifted.currentStateIndex === last) lifted.currentStateIndex = last + 1
          connection.send(sanitizeAction(action, id), sanitizeState(stateAt(last + 1), last + 1))
          notify()
          return action
        },
        getState: () => stateAt(lifted.currentStateIndex),
        subscribe(subscriber: () => void) {
          subscribers.add(subscriber)
          return () => subscribers.delete(subscriber)
        },
        replaceReducer(next: Reducer) {
          appReducer = next
          recomputeFrom(1)
          notify()
        },
      }
    }

  const toMonitor = (message: unknown) => [...monitor.listeners].forEach((listener) => listener(message))
  const lastIndex = () => (monitor.lifted as LiftedState).computedStates.length - 1
  const standIn = {
    /** The recorded states as the monitor shows them (sanitized), the first being the initial one. */
    states: () => clone((monitor.lifted as LiftedState).computedStates.map((entry) => entry.state)),
    /** The recorded actions' types, in order. */
    actionTypes: () => {
      const lifted = monitor.lifted as LiftedState
      return lifted.stagedActionIds.slice(1).map((id) => (lifted.actionsById[id] as { action: AnyAction }).action.type)
    },
    /** Reducer errors met while computing the states the monitor shows. */
    reducerErrors: () =>
      (monitor.lifted as LiftedState).computedStates.flatMap((entry) => (entry.error ? [entry.error] : [])),
    shownIndex: () => (monitor.lifted as LiftedState).currentStateIndex,
    lastIndex,
    /** The Export button: the recording as a file's text. */
    exportRecording: () => JSON.stringify(monitor.lifted),
    /** The Import button. */
    importRecording: (file: string) =>
      toMonitor({ type: 'DISPATCH', payload: { type: 'IMPORT_STATE', nextLiftedState: JSON.parse(file) } }),
    jumpToState: (index: number) => toMonitor({ type: 'DISPATCH', payload: { type: 'JUMP_TO_STATE', index } }),
    jumpToLive: () => toMonitor({ type: 'DISPATCH', payload: { type: 'JUMP_TO_STATE', index: lastIndex() } }),
    toggleAction: (id: number) => toMonitor({ type: 'DISPATCH', payload: { type: 'TOGGLE_ACTION', id } }),
    commit: () => toMonitor({ type: 'DISPATCH', payload: { type: 'COMMIT' } }),
    rollback: () => toMonitor({ type: 'DISPATCH', payload: { type: 'ROLLBACK' } }),
  }

  win.__REDUX_DEVTOOLS_EXTENSION__ = { connect }
  win.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    (options: Options) =>
    (...enhancers: Enhancer[]): Enhancer =>
    (createStore) =>
      enhancers.reduceRight((next, enhancer) => enhancer(next), instrument(options)(createStore))
  win.__reduxDevToolsStandIn = standIn
}

/** The monitor's side of the stand-in, as `window.__reduxDevToolsStandIn`. */
export interface DevToolsStandIn {
  states(): unknown[]
  actionTypes(): string[]
  reducerErrors(): string[]
  shownIndex(): number
  lastIndex(): number
  exportRecording(): string
  importRecording(file: string): void
  jumpToState(index: number): void
  jumpToLive(): void
  toggleAction(id: number): void
  commit(): void
  rollback(): void
}
