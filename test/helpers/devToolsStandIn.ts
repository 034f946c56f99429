/**
 * A stand-in for the Redux DevTools browser extension, for tests (docs/qa-replay.md). Installed before the app loads
 * (Playwright's addInitScript, or before a fresh module registry in jest), it defines what the extension's page script
 * defines and behaves as the extension's source does (reduxjs/redux-devtools: `extension/src/pageScript`,
 * `packages/redux-devtools-instrument`, and the monitor's `packages/redux-devtools-app-core` reducers/middlewares):
 *
 * - The page side. `__REDUX_DEVTOOLS_EXTENSION_COMPOSE__(config)`, the enhancer RTK's `configureStore` uses, lifts the
 *   app's store as `instrument` does: it keeps the committed state and every action, computes each state through the
 *   app's reducer (a reducer error is thrown, `shouldCatchErrors` being off), auto-commits beyond `config.maxAge`
 *   (50 when unset), and exposes `liftedStore`. It talks to the monitor only through `window.postMessage`, as the page
 *   script does: `@devtools-page` messages INIT_INSTANCE, ACTION, STATE, EXPORT and ERROR, whose states and actions are
 *   strings (through `config.serialize.replacer` when set), and `@devtools-extension` messages START, STOP, UPDATE,
 *   DISPATCH (gated by `config.features`), IMPORT and EXPORT. ACTION and STATE pass the page's `actionSanitizer` and
 *   `stateSanitizer`; the EXPORT answer does not: it holds the raw actions and the raw committed state. IMPORT takes
 *   both file forms (`{ payload, preloadedState }` and a whole lifted state), recomputes every state, and a reducer
 *   error rejects it with an ERROR message, the store left as it was.
 * - The monitor's side, `window.__reduxDevToolsStandIn` ({@link DevToolsStandIn}): it starts as soon as a store
 *   appears (the DevTools panel is open), keeps its own copy of the lifted state from the page's messages as
 *   app-core's `instances` reducer does (with `maxAge`), and its Export writes what the extension writes: its own copy
 *   when `features.export === true`, else the page's EXPORT answer as `{ payload, preloadedState }`.
 *
 * Relaying is immediate (the page script throttles it by `latency`, 500 ms); nothing else is simplified away that the
 * app relies on. The function is self-contained, so Playwright can send it to the page as it is.
 */
export function installDevToolsStandIn(): void {
  interface AnyAction {
    type: string
    [key: string]: unknown
  }
  interface PerformAction {
    type: 'PERFORM_ACTION'
    action: AnyAction
    timestamp: number
  }
  interface Entry {
    state: unknown
    error?: string
  }
  interface LiftedState {
    monitorState?: unknown
    actionsById: Record<number, PerformAction>
    nextActionId: number
    stagedActionIds: number[]
    skippedActionIds: number[]
    committedState: unknown
    currentStateIndex: number
    computedStates: Entry[]
    isLocked?: boolean
    isPaused?: boolean
  }
  interface Features {
    lock?: boolean
    export?: boolean | string
    import?: boolean | string
    persist?: boolean
    pause?: boolean
    reorder?: boolean
    jump?: boolean
    skip?: boolean
    dispatch?: boolean
    test?: boolean
  }
  interface Config {
    name?: string
    maxAge?: number
    features?: Features
    serialize?: { replacer?: (key: string, value: unknown) => unknown } | boolean
    actionSanitizer?: (action: AnyAction, id: number) => AnyAction
    stateSanitizer?: (state: unknown, index: number) => unknown
    shouldCatchErrors?: boolean
  }
  type Reducer = (state: unknown, action: AnyAction) => unknown
  interface BasicStore {
    dispatch(action: AnyAction): unknown
    getState(): unknown
    subscribe(listener: () => void): () => void
    replaceReducer(next: Reducer): void
  }
  type StoreCreator = (reducer: Reducer, preloadedState?: unknown) => BasicStore
  type Enhancer = (next: StoreCreator) => StoreCreator
  type Message = Record<string, unknown> & { type: string; source: string }

  const win = window as unknown as Record<string, unknown>
  const PAGE = '@devtools-page'
  const EXTENSION = '@devtools-extension'
  /** Tells this install's messages from another install's in the same window (jest loads several pages in one). */
  const install = ((win.__reduxDevToolsStandInInstalls as number | undefined) ?? 0) + 1
  win.__reduxDevToolsStandInInstalls = install
  const nextInstanceId = () => {
    const id = ((win.__reduxDevToolsStandInInstanceIds as number | undefined) ?? 0) + 1
    win.__reduxDevToolsStandInInstanceIds = id
    return id
  }
  const post = (message: Message) => window.postMessage({ ...message, standIn: install }, '*')
  /** Every install's message listeners, so that uninstalling leaves the window as it was. */
  const listeners = ((win.__reduxDevToolsStandInListeners as ((event: MessageEvent) => void)[] | undefined) ??= [])
  const listen = (listener: (message: Message) => void) => {
    const onMessage = (event: MessageEvent) => {
      const message = event.data as Message | null
      if (message?.standIn === install) listener(message)
    }
    listeners.push(onMessage)
    window.addEventListener('message', onMessage)
  }

  // ---------------------------------------------------------------- the page script and instrument

  const INIT_ACTION: AnyAction = { type: '@@INIT' }
  const liftAction = (action: AnyAction): PerformAction => ({ type: 'PERFORM_ACTION', action, timestamp: Date.now() })

  const devToolsEnhancer =
    (config: Config): Enhancer =>
    (next) =>
    (reducer, preloadedState) => {
      const instanceId = nextInstanceId()
      const features = config.features
      const maxAge = config.maxAge ?? 50
      const replacer = typeof config.serialize === 'object' ? config.serialize.replacer : undefined
      const stringify = (value: unknown) => (replacer ? JSON.stringify(value, replacer) : JSON.stringify(value))
      const toMonitor = (message: Record<string, unknown> & { type: string }) =>
        post({ ...message, source: PAGE, instanceId })

      /** The page script's Monitor: whether the panel is open, and the last lifted action it saw. */
      const panel = { active: false, lastAction: undefined as string | undefined }
      const isMonitorAction = () => panel.lastAction !== undefined && panel.lastAction !== 'PERFORM_ACTION'
      const isTimeTraveling = () => panel.lastAction === 'JUMP_TO_STATE' || panel.lastAction === 'JUMP_TO_ACTION'

      const computeNextEntry = (appReducer: Reducer, action: AnyAction, state: unknown): Entry => {
        if (!config.shouldCatchErrors) return { state: appReducer(state, action) }
        try {
          return { state: appReducer(state, action) }
        } catch (error) {
          return { state, error: String((error as Error).stack ?? error) }
        }
      }

      const liftReducer =
        (appReducer: Reducer) =>
        (liftedState: LiftedState | undefined, liftedAction: AnyAction): LiftedState => {
          let {
            actionsById,
            nextActionId,
            stagedActionIds,
            skippedActionIds,
            committedState,
            currentStateIndex,
            computedStates,
          } = liftedState ?? {
            actionsById: { 0: liftAction(INIT_ACTION) },
            nextActionId: 1,
            stagedActionIds: [0],
            skippedActionIds: [],
            committedState: preloadedState,
            currentStateIndex: 0,
            computedStates: [] as Entry[],
          }
          if (!liftedState) actionsById = { ...actionsById }
          if (panel.active) panel.lastAction = liftedAction.type

          const commitExcessActions = (n: number) => {
            let excess = n
            let idsToDelete = stagedActionIds.slice(1, excess + 1)
            for (let i = 0; i < idsToDelete.length; i += 1) {
              if ((computedStates[i + 1] as Entry).error) {
                excess = i
                idsToDelete = stagedActionIds.slice(1, excess + 1)
                break
              }
              // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- as instrument's commitExcessActions
              delete actionsById[idsToDelete[i] as number]
            }
            skippedActionIds = skippedActionIds.filter((id) => !idsToDelete.includes(id))
            stagedActionIds = [0, ...stagedActionIds.slice(excess + 1)]
            committedState = (computedStates[excess] as Entry).state
            computedStates = computedStates.slice(excess)
            currentStateIndex = currentStateIndex > excess ? currentStateIndex - excess : 0
          }

          let minInvalidatedStateIndex = 0
          if (/^@@redux\/(INIT|REPLACE)/.test(liftedAction.type)) {
            minInvalidatedStateIndex = 0
          } else {
            switch (liftedAction.type) {
              case 'PERFORM_ACTION': {
                if (stagedActionIds.length >= maxAge) commitExcessActions(stagedActionIds.length - maxAge + 1)
                if (currentStateIndex === stagedActionIds.length - 1) currentStateIndex += 1
                const actionId = nextActionId++
                actionsById[actionId] = liftedAction as unknown as PerformAction
                stagedActionIds = [...stagedActionIds, actionId]
                minInvalidatedStateIndex = stagedActionIds.length - 1
                break
              }
              case 'COMMIT':
                actionsById = { 0: liftAction(INIT_ACTION) }
                nextActionId = 1
                stagedActionIds = [0]
                skippedActionIds = []
                committedState = (computedStates[currentStateIndex] as Entry).state
                currentStateIndex = 0
                computedStates = []
                break
              case 'ROLLBACK':
                actionsById = { 0: liftAction(INIT_ACTION) }
                nextActionId = 1
                stagedActionIds = [0]
                skippedActionIds = []
                currentStateIndex = 0
                computedStates = []
                break
              case 'TOGGLE_ACTION': {
                const actionId = liftedAction.id as number
                skippedActionIds = skippedActionIds.includes(actionId)
                  ? skippedActionIds.filter((id) => id !== actionId)
                  : [actionId, ...skippedActionIds]
                minInvalidatedStateIndex = stagedActionIds.indexOf(actionId)
                break
              }
              case 'JUMP_TO_STATE':
                currentStateIndex = liftedAction.index as number
                minInvalidatedStateIndex = Infinity
                break
              case 'JUMP_TO_ACTION': {
                const index = stagedActionIds.indexOf(liftedAction.actionId as number)
                if (index !== -1) currentStateIndex = index
                minInvalidatedStateIndex = Infinity
                break
              }
              case 'SWEEP':
                stagedActionIds = stagedActionIds.filter((id) => !skippedActionIds.includes(id))
                skippedActionIds = []
                currentStateIndex = Math.min(currentStateIndex, stagedActionIds.length - 1)
                break
              case 'IMPORT_STATE': {
                const imported = liftedAction.nextLiftedState as LiftedState | AnyAction[]
                if (Array.isArray(imported)) {
                  actionsById = { 0: liftAction(INIT_ACTION) }
                  nextActionId = 1
                  stagedActionIds = [0]
                  skippedActionIds = []
                  currentStateIndex = imported.length
                  computedStates = []
                  committedState = liftedAction.preloadedState
                  for (const action of imported) {
                    actionsById[nextActionId] = liftAction(action)
                    stagedActionIds.push(nextActionId)
                    nextActionId += 1
                  }
                } else {
                  ;({
                    actionsById,
                    nextActionId,
                    stagedActionIds,
                    skippedActionIds,
                    committedState,
                    currentStateIndex,
                    computedStates,
                  } = imported)
                }
                minInvalidatedStateIndex = 0
                break
              }
              default:
                minInvalidatedStateIndex = Infinity
            }
          }

          // recomputeStates: every state from the first invalidated one, skipped actions leaving the state as it was.
          if (
            minInvalidatedStateIndex !== Infinity &&
            !(minInvalidatedStateIndex >= computedStates.length && computedStates.length === stagedActionIds.length)
          ) {
            const recomputed = computedStates.slice(0, minInvalidatedStateIndex)
            for (let i = minInvalidatedStateIndex; i < stagedActionIds.length; i += 1) {
              const actionId = stagedActionIds[i] as number
              const previous = recomputed[i - 1]
              const previousState = previous ? previous.state : committedState
              if (skippedActionIds.includes(actionId) && previous) recomputed.push(previous)
              else if (config.shouldCatchErrors && previous?.error) {
                recomputed.push({ state: previousState, error: 'Interrupted by an error up the chain' })
              } else {
                const action = (actionsById[actionId] as PerformAction).action
                recomputed.push(computeNextEntry(appReducer, action, previousState))
              }
            }
            computedStates = recomputed
          }
          return {
            monitorState: {},
            actionsById,
            nextActionId,
            stagedActionIds,
            skippedActionIds,
            committedState,
            currentStateIndex,
            computedStates,
            isLocked: false,
            isPaused: false,
          }
        }

      const liftedStore = next(liftReducer(reducer) as unknown as Reducer)
      const lifted = () => liftedStore.getState() as LiftedState
      let lastDefinedState: unknown
      const store = {
        liftedStore,
        dispatch(action: AnyAction) {
          liftedStore.dispatch(liftAction(action) as unknown as AnyAction)
          return action
        },
        subscribe: (listener: () => void) => liftedStore.subscribe(listener),
        getState() {
          const { computedStates, currentStateIndex } = lifted()
          const state = (computedStates[currentStateIndex] as Entry).state
          if (state !== undefined) lastDefinedState = state
          return lastDefinedState
        },
        replaceReducer(nextReducer: Reducer) {
          liftedStore.replaceReducer(liftReducer(nextReducer) as unknown as Reducer)
        },
      }

      // filterState with no filters: every action and state through the page's sanitizers.
      const sanitized = (state: LiftedState) => ({
        ...state,
        actionsById: config.actionSanitizer
          ? Object.fromEntries(
              Object.entries(state.actionsById).map(([id, perform]) => [
                id,
                { ...perform, action: config.actionSanitizer?.(perform.action, Number(id)) },
              ]),
            )
          : state.actionsById,
        computedStates: config.stateSanitizer
          ? state.computedStates.map((entry, index) => ({
              ...entry,
              state: config.stateSanitizer?.(entry.state, index),
            }))
          : state.computedStates,
      })
      let sendingActionId = 1
      const relayState = (libConfig?: Record<string, unknown>) => {
        const state = lifted()
        sendingActionId = state.nextActionId
        const { actionsById, computedStates, committedState, ...rest } = sanitized(state)
        toMonitor({
          type: 'STATE',
          payload: rest,
          actionsById: stringify(actionsById),
          computedStates: stringify(computedStates),
          committedState: committedState !== undefined,
          libConfig,
        })
      }
      const relayAction = () => {
        const state = lifted()
        const { nextActionId } = state
        if (sendingActionId !== nextActionId - 1) {
          relayState()
          return
        }
        sendingActionId = nextActionId
        const id = nextActionId - 1
        const latest = (state.computedStates.at(-1) as Entry).state
        const perform = state.actionsById[id] as PerformAction
        toMonitor({
          type: 'ACTION',
          payload: stringify(config.stateSanitizer ? config.stateSanitizer(latest, id) : latest),
          action: stringify(config.actionSanitizer ? config.actionSanitizer(perform.action, id) : perform),
          maxAge,
          nextActionId,
        })
      }
      const exportState = () => {
        const state = lifted()
        const payload = state.stagedActionIds.slice(1).map((id) => (state.actionsById[id] as PerformAction).action)
        toMonitor({
          type: 'EXPORT',
          payload: stringify(payload),
          committedState: state.committedState === undefined ? undefined : stringify(state.committedState),
        })
      }
      const reportError = (error: unknown) => toMonitor({ type: 'ERROR', payload: (error as Error).message })
      const dispatchMonitorAction = (action: AnyAction) => {
        if (features) {
          if (!features.jump && (action.type === 'JUMP_TO_STATE' || action.type === 'JUMP_TO_ACTION')) return
          if (!features.skip && action.type === 'TOGGLE_ACTION') return
          if (!features.reorder && action.type === 'REORDER_ACTION') return
          if (!features.import && action.type === 'IMPORT_STATE') return
          if (!features.lock && action.type === 'LOCK_CHANGES') return
          if (!features.pause && action.type === 'PAUSE_RECORDING') return
        }
        liftedStore.dispatch(action)
      }
      const importPayloadFrom = (text: string | undefined) => {
        if (features && !features.import) return
        try {
          if (!text) return
          const parsed = JSON.parse(text) as { payload?: string; preloadedState?: string } | LiftedState
          const preloaded =
            'payload' in parsed && parsed.preloadedState ? (JSON.parse(parsed.preloadedState) as unknown) : undefined
          const nextLiftedState = 'payload' in parsed ? (JSON.parse(parsed.payload as string) as unknown) : parsed
          liftedStore.dispatch({ type: 'IMPORT_STATE', nextLiftedState, preloadedState: preloaded })
        } catch (error) {
          reportError(error)
        }
      }
      const dispatchRemotely = (action: unknown) => {
        if (features && !features.dispatch) return
        try {
          const parsed = (typeof action === 'string' ? JSON.parse(action) : action) as AnyAction
          ;(stores.get(instanceId) ?? store).dispatch(parsed)
        } catch (error) {
          reportError(error)
        }
      }

      listen((message) => {
        if (message.source !== EXTENSION || (message.id !== undefined && message.id !== instanceId)) return
        switch (message.type) {
          case 'DISPATCH':
            dispatchMonitorAction(message.payload as AnyAction)
            return
          case 'ACTION':
            dispatchRemotely(message.payload)
            return
          case 'IMPORT':
            importPayloadFrom(message.state as string | undefined)
            return
          case 'EXPORT':
            exportState()
            return
          case 'UPDATE':
            relayState()
            return
          case 'START':
            panel.active = true
            relayState({
              name: config.name || document.title,
              features: config.features,
              serialize: !!config.serialize,
              type: 'redux',
            })
            return
          case 'STOP':
            panel.active = false
            return
          default:
        }
      })
      store.subscribe(() => {
        if (!panel.active) return
        if (!isMonitorAction()) {
          relayAction()
          return
        }
        if (isTimeTraveling()) return
        relayState()
      })
      toMonitor({ type: 'INIT_INSTANCE', payload: undefined })
      return store
    }

  /** The page script's preEnhancer: remote dispatches go through the app's whole chain. */
  const stores = new Map<number, BasicStore>()
  const compose =
    (config: Config) =>
    (...enhancers: Enhancer[]): Enhancer =>
    (createStore) => {
      const instanceIdBefore = (win.__reduxDevToolsStandInInstanceIds as number | undefined) ?? 0
      const preEnhancer: Enhancer = (nextCreator) => (reducer, preloadedState) => {
        const created = nextCreator(reducer, preloadedState)
        stores.set(instanceIdBefore + 1, created)
        return created
      }
      return [preEnhancer, ...enhancers].reduceRight(
        (composed, enhancer) => enhancer(composed),
        devToolsEnhancer(config)(createStore),
      )
    }

  // ---------------------------------------------------------------- the monitor (the extension's panel)

  interface Instance {
    id: number
    features: Features
    serialize: boolean
    state: LiftedState | null
  }
  const defaultFeatures: Features = {
    lock: true,
    export: 'custom',
    import: 'custom',
    persist: true,
    pause: true,
    reorder: true,
    jump: true,
    skip: true,
    dispatch: true,
    test: true,
  }
  const monitor = {
    instances: new Map<number, Instance>(),
    current: null as number | null,
    errors: [] as string[],
    exported: null as string | null,
    flushes: new Map<number, () => void>(),
    flushCount: 0,
    /** Messages between page and monitor seen so far. */
    seen: 0,
  }
  const active = (): Instance => {
    const instance = monitor.current === null ? undefined : monitor.instances.get(monitor.current)
    if (!instance?.state) throw new Error('The DevTools panel shows no store')
    return instance
  }
  const parse = (text: unknown) => (typeof text === 'string' ? (JSON.parse(text) as unknown) : text)

  /** app-core's recompute: one more action and state, committing the oldest beyond maxAge. */
  const addAction = (previous: LiftedState, state: unknown, action: unknown, nextActionId: number, maxAge: number) => {
    const next: LiftedState = { ...previous, actionsById: { ...previous.actionsById } }
    const actionId = nextActionId - 1
    if (next.currentStateIndex === next.stagedActionIds.length - 1) next.currentStateIndex += 1
    next.stagedActionIds = [...next.stagedActionIds, actionId]
    const perform = action as AnyAction
    next.actionsById[actionId] =
      perform.type === 'PERFORM_ACTION'
        ? (perform as unknown as PerformAction)
        : { type: 'PERFORM_ACTION', action: perform, timestamp: Date.now() }
    next.nextActionId = nextActionId
    next.computedStates = [...next.computedStates, { state }]
    const excess = next.stagedActionIds.length - maxAge
    if (maxAge && excess > 0) {
      const idsToDelete = next.stagedActionIds.slice(1, excess + 1)
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- as app-core's commitExcessActions
      for (const id of idsToDelete) delete next.actionsById[id]
      next.skippedActionIds = next.skippedActionIds.filter((id) => !idsToDelete.includes(id))
      next.stagedActionIds = [0, ...next.stagedActionIds.slice(excess + 1)]
      next.committedState = (next.computedStates[excess] as Entry).state
      next.computedStates = next.computedStates.slice(excess)
      next.currentStateIndex = next.currentStateIndex > excess ? next.currentStateIndex - excess : 0
    }
    return next
  }

  const toPage = (message: Record<string, unknown> & { type: string }) =>
    post({ ...message, source: EXTENSION, id: active().id })

  listen((message) => {
    if (message.source === '@devtools-stand-in-flush') {
      monitor.flushes.get(message.n as number)?.()
      return
    }
    monitor.seen += 1
    if (message.source !== PAGE) return
    const id = message.instanceId as number
    switch (message.type) {
      case 'INIT_INSTANCE':
        monitor.instances.set(id, { id, features: defaultFeatures, serialize: false, state: null })
        monitor.current = id
        // The panel is open: it asks every new store for its state.
        post({ type: 'START', source: EXTENSION, id })
        return
      case 'STATE': {
        const instance = monitor.instances.get(id)
        if (!instance) return
        const libConfig = message.libConfig as { features?: Features; serialize?: boolean } | undefined
        if (libConfig) {
          instance.features = libConfig.features ?? defaultFeatures
          instance.serialize = Boolean(libConfig.serialize)
        }
        const state = {
          ...(message.payload as LiftedState),
          actionsById: parse(message.actionsById) as LiftedState['actionsById'],
          computedStates: parse(message.computedStates) as Entry[],
        }
        if (message.committedState) state.committedState = (state.computedStates[0] as Entry).state
        if (state.computedStates.length <= state.currentStateIndex) {
          state.currentStateIndex = state.computedStates.length - 1
        }
        instance.state = state
        return
      }
      case 'ACTION': {
        const instance = monitor.instances.get(id)
        if (!instance?.state) return
        instance.state = addAction(
          instance.state,
          parse(message.payload),
          parse(message.action),
          message.nextActionId as number,
          message.maxAge as number,
        )
        return
      }
      case 'EXPORT':
        monitor.exported = JSON.stringify(
          { payload: message.payload, preloadedState: message.committedState },
          null,
          '\t',
        )
        return
      case 'ERROR':
        monitor.errors.push(message.payload as string)
        return
      default:
    }
  })

  /** Resolves once the page has handled every message posted so far, and the monitor every answer to them. */
  const settle = async () => {
    // Messages to one window arrive in the order they were posted: a round in which only the marker arrived leaves
    // nothing in flight.
    for (;;) {
      const seen = monitor.seen
      const n = (monitor.flushCount += 1)
      await new Promise<void>((resolve) => {
        monitor.flushes.set(n, resolve)
        post({ type: 'FLUSH', source: '@devtools-stand-in-flush', n })
      })
      monitor.flushes.delete(n)
      if (monitor.seen === seen) return
    }
  }
  const shown = () => active().state as LiftedState
  /** A button of the panel: the panel shows what the page has sent so far. */
  const button = async (feature: keyof Features, name: string) => {
    await settle()
    if (!active().features[feature]) throw new Error(`The DevTools panel shows no ${name} for this store`)
  }
  const dispatchToPage = async (action: AnyAction) => {
    await settle()
    toPage({ type: 'DISPATCH', payload: action })
    await settle()
  }
  const standIn = {
    settle,
    states: () => shown().computedStates.map((entry) => entry.state),
    actionTypes: () =>
      shown()
        .stagedActionIds.slice(1)
        .map((id) => (shown().actionsById[id] as PerformAction).action.type),
    actionIds: () => shown().stagedActionIds.slice(1),
    reducerErrors: () => shown().computedStates.flatMap((entry) => (entry.error ? [entry.error] : [])),
    errors: () => [...monitor.errors],
    shownIndex: () => shown().currentStateIndex,
    lastIndex: () => shown().computedStates.length - 1,
    monitorText: () => JSON.stringify(shown()),
    async exportRecording() {
      await button('export', 'Export')
      const instance = active()
      if (instance.features.export === true) return JSON.stringify(instance.state)
      monitor.exported = null
      toPage({ type: 'EXPORT' })
      await settle()
      const exported = monitor.exported as string | null
      if (exported === null) throw new Error('The page did not answer the export')
      return exported
    },
    async importRecording(file: string) {
      await button('import', 'Import')
      toPage({ type: 'IMPORT', state: file })
      await settle()
    },
    async jumpToState(index: number) {
      await button('jump', 'Jump')
      // The monitor moves its own pointer: the page relays nothing while travelling in time.
      shown().currentStateIndex = index
      await dispatchToPage({ type: 'JUMP_TO_STATE', index })
    },
    async jumpToLive() {
      await settle()
      await standIn.jumpToState(standIn.lastIndex())
    },
    async toggleAction(id: number) {
      await button('skip', 'Skip')
      await dispatchToPage({ type: 'TOGGLE_ACTION', id })
    },
    async commit() {
      await dispatchToPage({ type: 'COMMIT', timestamp: Date.now() })
    },
    async rollback() {
      await dispatchToPage({ type: 'ROLLBACK', timestamp: Date.now() })
    },
    /** Closes the panel: the page stops relaying and the monitor drops its copy. */
    async close() {
      await settle()
      toPage({ type: 'STOP' })
      await settle()
      active().state = null
    },
    /** Opens the panel again: the page sends its whole lifted state. */
    async open() {
      const id = monitor.current as number
      post({ type: 'START', source: EXTENSION, id })
      await settle()
    },
    uninstall() {
      for (const listener of listeners.splice(0)) window.removeEventListener('message', listener)
    },
  }

  const extension = (config?: Config) => devToolsEnhancer(config ?? {})
  win.__REDUX_DEVTOOLS_EXTENSION__ = extension
  win.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === 'object') return compose(args[0] as Config)
    return compose({})(...(args as Enhancer[]))
  }
  win.__reduxDevToolsStandIn = standIn
}

/** The monitor's side of the stand-in, as `window.__reduxDevToolsStandIn`. */
export interface DevToolsStandIn {
  /** Resolves once every message in flight between page and monitor has been handled. */
  settle(): Promise<void>
  /** The states the monitor shows, the first being the committed one. */
  states(): unknown[]
  /** The recorded actions' types, in order. */
  actionTypes(): string[]
  /** The recorded actions' ids, in order (what Skip takes). */
  actionIds(): number[]
  /** Reducer errors in the states the monitor shows. */
  reducerErrors(): string[]
  /** The page's ERROR messages (a rejected import, a failed remote dispatch). */
  errors(): string[]
  shownIndex(): number
  lastIndex(): number
  /** Everything the monitor holds for the store, as text. */
  monitorText(): string
  /** The Export button: the file's text, as the extension writes it. */
  exportRecording(): Promise<string>
  /** The Import button. */
  importRecording(file: string): Promise<void>
  jumpToState(index: number): Promise<void>
  jumpToLive(): Promise<void>
  toggleAction(id: number): Promise<void>
  commit(): Promise<void>
  rollback(): Promise<void>
  close(): Promise<void>
  open(): Promise<void>
  uninstall(): void
}
