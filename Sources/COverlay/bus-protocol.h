// The bus's names and type strings for forcetouch-overlay's C (docs/SPEC.md §9, §11): made from
// the one table, Sources/ForceTouchProtocol (BusNames and BusSignal in BusSignal.swift,
// BusMethod in ControlRequest.swift, the facts' keys in PressTargetFacts.swift), by
// Tests/ForceTouchProtocolTests/BusTableTests.swift, which fails while this copy differs.
// Do not edit: change the table, then
// `FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests` writes it.
//
// Per signal S: FT_SIGNAL_S (the member), FT_SIGNAL_S_TYPE (the arguments' tuple, for
// g_variant_is_of_type) and FT_SIGNAL_S_GET (g_variant_get's format: strings borrowed).
// Per method M: FT_METHOD_M, FT_METHOD_M_IN (g_variant_new's format), FT_METHOD_M_OUT (the
// reply's tuple) and FT_METHOD_M_OUT_GET. Per key K of PressTarget's facts: FT_FACT_K and
// FT_FACT_K_SIGNATURE (its value's type).
#ifndef FORCETOUCH_BUS_PROTOCOL_H
#define FORCETOUCH_BUS_PROTOCOL_H

#define FT_BUS_DAEMON_NAME "io.github.forcetouch.Daemon1"
#define FT_BUS_DAEMON_PATH "/io/github/forcetouch/Daemon1"
#define FT_BUS_DAEMON_INTERFACE "io.github.forcetouch.Daemon1"
#define FT_BUS_DEVICE_INTERFACE "io.github.forcetouch.Device1"
#define FT_BUS_OVERLAY_NAME "io.github.forcetouch.Overlay1"
#define FT_BUS_OVERLAY_PATH "/io/github/forcetouch/Overlay1"
#define FT_BUS_PROPERTY_UNDER_FINGER "UnderFinger"

// Gesture(o device, s gesture, s phase, u fingers, d time, d x, d y, d force, s stage, d transitionProgress, d commitProgress)
#define FT_SIGNAL_GESTURE "Gesture"
#define FT_SIGNAL_GESTURE_TYPE "(ossuddddsdd)"
#define FT_SIGNAL_GESTURE_GET "(&o&s&sudddd&sdd)"

// CapabilityChanged(o device, s node, s capability, s reason, s overall)
#define FT_SIGNAL_CAPABILITY_CHANGED "CapabilityChanged"
#define FT_SIGNAL_CAPABILITY_CHANGED_TYPE "(ossss)"
#define FT_SIGNAL_CAPABILITY_CHANGED_GET "(&o&s&s&s&s)"

// QuickActionPerformed(s type, s title, s result, s message)
#define FT_SIGNAL_QUICK_ACTION_PERFORMED "QuickActionPerformed"
#define FT_SIGNAL_QUICK_ACTION_PERFORMED_TYPE "(ssss)"
#define FT_SIGNAL_QUICK_ACTION_PERFORMED_GET "(&s&s&s&s)"

// MenuShown(u id, aa{sv} items, d x, d y, s placement, s output, a{sv} target)
#define FT_SIGNAL_MENU_SHOWN "MenuShown"
#define FT_SIGNAL_MENU_SHOWN_TYPE "(uaa{sv}ddssa{sv})"
#define FT_SIGNAL_MENU_SHOWN_GET "(uaa{sv}dd&s&sa{sv})"

// PressProgress(s phase, s stage, d transitionProgress, d commitProgress, d x, d y, s placement, s output, b preview)
#define FT_SIGNAL_PRESS_PROGRESS "PressProgress"
#define FT_SIGNAL_PRESS_PROGRESS_TYPE "(ssddddssb)"
#define FT_SIGNAL_PRESS_PROGRESS_GET "(&s&sdddd&s&sb)"

// MenuDismissed(u id, s reason)
#define FT_SIGNAL_MENU_DISMISSED "MenuDismissed"
#define FT_SIGNAL_MENU_DISMISSED_TYPE "(us)"
#define FT_SIGNAL_MENU_DISMISSED_GET "(u&s)"

// ActivateWindow(u window)
#define FT_SIGNAL_ACTIVATE_WINDOW "ActivateWindow"
#define FT_SIGNAL_ACTIVATE_WINDOW_TYPE "(u)"
#define FT_SIGNAL_ACTIVATE_WINDOW_GET "(u)"

// IntentStarted(u id, s intent, s title, s app, d x, d y, s placement, s output, b located)
#define FT_SIGNAL_INTENT_STARTED "IntentStarted"
#define FT_SIGNAL_INTENT_STARTED_TYPE "(usssddssb)"
#define FT_SIGNAL_INTENT_STARTED_GET "(u&s&s&sdd&s&sb)"

// IntentConfirm(u id, s intent, s title, s prompt, s parameter, d timeout)
#define FT_SIGNAL_INTENT_CONFIRM "IntentConfirm"
#define FT_SIGNAL_INTENT_CONFIRM_TYPE "(ussssd)"
#define FT_SIGNAL_INTENT_CONFIRM_GET "(u&s&s&s&sd)"

// IntentChoose(u id, s intent, s title, s prompt, s parameter, as choices, d timeout)
#define FT_SIGNAL_INTENT_CHOOSE "IntentChoose"
#define FT_SIGNAL_INTENT_CHOOSE_TYPE "(ussssasd)"
#define FT_SIGNAL_INTENT_CHOOSE_GET "(u&s&s&s&sasd)"

// IntentNeedsValue(u id, s intent, s title, s prompt, s parameter, s type, d timeout)
#define FT_SIGNAL_INTENT_NEEDS_VALUE "IntentNeedsValue"
#define FT_SIGNAL_INTENT_NEEDS_VALUE_TYPE "(usssssd)"
#define FT_SIGNAL_INTENT_NEEDS_VALUE_GET "(u&s&s&s&s&sd)"

// IntentResponse(u id, s intent, s title, s code, s message, s text, s image, s app, b final)
#define FT_SIGNAL_INTENT_RESPONSE "IntentResponse"
#define FT_SIGNAL_INTENT_RESPONSE_TYPE "(usssssssb)"
#define FT_SIGNAL_INTENT_RESPONSE_GET "(u&s&s&s&s&s&s&sb)"

// AssistiveButton(d x, d y, d size, s output, s state)
#define FT_SIGNAL_ASSISTIVE_BUTTON "AssistiveButton"
#define FT_SIGNAL_ASSISTIVE_BUTTON_TYPE "(dddss)"
#define FT_SIGNAL_ASSISTIVE_BUTTON_GET "(ddd&s&s)"

// ConfigurationReloaded(s file, b loaded, s message)
#define FT_SIGNAL_CONFIGURATION_RELOADED "ConfigurationReloaded"
#define FT_SIGNAL_CONFIGURATION_RELOADED_TYPE "(sbs)"
#define FT_SIGNAL_CONFIGURATION_RELOADED_GET "(&sb&s)"

// PressForce(o device, s phase, s stage, d force, d peek, d pop, d maximumPossibleForce)
#define FT_SIGNAL_PRESS_FORCE "PressForce"
#define FT_SIGNAL_PRESS_FORCE_TYPE "(ossdddd)"
#define FT_SIGNAL_PRESS_FORCE_GET "(&o&s&sdddd)"

// CalibrationProgress(o device, s state, s step, s instruction, u presses, u pressesPerStep, d raw, d maximum, s message)
#define FT_SIGNAL_CALIBRATION_PROGRESS "CalibrationProgress"
#define FT_SIGNAL_CALIBRATION_PROGRESS_TYPE "(osssuudds)"
#define FT_SIGNAL_CALIBRATION_PROGRESS_GET "(&o&s&s&suudd&s)"

// Reload() → (s message)
#define FT_METHOD_RELOAD "Reload"
#define FT_METHOD_RELOAD_IN "()"
#define FT_METHOD_RELOAD_OUT "(s)"
#define FT_METHOD_RELOAD_OUT_GET "(&s)"

// GetQuickActions() → (s items, s menu)
#define FT_METHOD_GET_QUICK_ACTIONS "GetQuickActions"
#define FT_METHOD_GET_QUICK_ACTIONS_IN "()"
#define FT_METHOD_GET_QUICK_ACTIONS_OUT "(ss)"
#define FT_METHOD_GET_QUICK_ACTIONS_OUT_GET "(&s&s)"

// SetQuickActions(s items) → (u count)
#define FT_METHOD_SET_QUICK_ACTIONS "SetQuickActions"
#define FT_METHOD_SET_QUICK_ACTIONS_IN "(s)"
#define FT_METHOD_SET_QUICK_ACTIONS_OUT "(u)"
#define FT_METHOD_SET_QUICK_ACTIONS_OUT_GET "(u)"

// AddQuickAction(s item) → (s result)
#define FT_METHOD_ADD_QUICK_ACTION "AddQuickAction"
#define FT_METHOD_ADD_QUICK_ACTION_IN "(s)"
#define FT_METHOD_ADD_QUICK_ACTION_OUT "(s)"
#define FT_METHOD_ADD_QUICK_ACTION_OUT_GET "(&s)"

// UpdateQuickAction(s item) → (s type)
#define FT_METHOD_UPDATE_QUICK_ACTION "UpdateQuickAction"
#define FT_METHOD_UPDATE_QUICK_ACTION_IN "(s)"
#define FT_METHOD_UPDATE_QUICK_ACTION_OUT "(s)"
#define FT_METHOD_UPDATE_QUICK_ACTION_OUT_GET "(&s)"

// RemoveQuickAction(s type) → ()
#define FT_METHOD_REMOVE_QUICK_ACTION "RemoveQuickAction"
#define FT_METHOD_REMOVE_QUICK_ACTION_IN "(s)"
#define FT_METHOD_REMOVE_QUICK_ACTION_OUT "()"
#define FT_METHOD_REMOVE_QUICK_ACTION_OUT_GET "()"

// ClearQuickActions() → (u count)
#define FT_METHOD_CLEAR_QUICK_ACTIONS "ClearQuickActions"
#define FT_METHOD_CLEAR_QUICK_ACTIONS_IN "()"
#define FT_METHOD_CLEAR_QUICK_ACTIONS_OUT "(u)"
#define FT_METHOD_CLEAR_QUICK_ACTIONS_OUT_GET "(u)"

// PerformQuickAction(s type) → (s result, s message)
#define FT_METHOD_PERFORM_QUICK_ACTION "PerformQuickAction"
#define FT_METHOD_PERFORM_QUICK_ACTION_IN "(s)"
#define FT_METHOD_PERFORM_QUICK_ACTION_OUT "(ss)"
#define FT_METHOD_PERFORM_QUICK_ACTION_OUT_GET "(&s&s)"

// RunIntent(s name, s parameters, b confirmed) → (s result, s message, s code, s output)
#define FT_METHOD_RUN_INTENT "RunIntent"
#define FT_METHOD_RUN_INTENT_IN "(ssb)"
#define FT_METHOD_RUN_INTENT_OUT "(ssss)"
#define FT_METHOD_RUN_INTENT_OUT_GET "(&s&s&s&s)"

// ChooseQuickAction(s type) → (s result, s message)
#define FT_METHOD_CHOOSE_QUICK_ACTION "ChooseQuickAction"
#define FT_METHOD_CHOOSE_QUICK_ACTION_IN "(s)"
#define FT_METHOD_CHOOSE_QUICK_ACTION_OUT "(ss)"
#define FT_METHOD_CHOOSE_QUICK_ACTION_OUT_GET "(&s&s)"

// DismissMenu(u id) → ()
#define FT_METHOD_DISMISS_MENU "DismissMenu"
#define FT_METHOD_DISMISS_MENU_IN "(u)"
#define FT_METHOD_DISMISS_MENU_OUT "()"
#define FT_METHOD_DISMISS_MENU_OUT_GET "()"

// ResetCalibration(s device) → (as forgotten)
#define FT_METHOD_RESET_CALIBRATION "ResetCalibration"
#define FT_METHOD_RESET_CALIBRATION_IN "(s)"
#define FT_METHOD_RESET_CALIBRATION_OUT "(as)"
#define FT_METHOD_RESET_CALIBRATION_OUT_GET "(as)"

// ConfirmIntent(u id, b confirmed) → ()
#define FT_METHOD_CONFIRM_INTENT "ConfirmIntent"
#define FT_METHOD_CONFIRM_INTENT_IN "(ub)"
#define FT_METHOD_CONFIRM_INTENT_OUT "()"
#define FT_METHOD_CONFIRM_INTENT_OUT_GET "()"

// AnswerIntent(u id, s value) → ()
#define FT_METHOD_ANSWER_INTENT "AnswerIntent"
#define FT_METHOD_ANSWER_INTENT_IN "(us)"
#define FT_METHOD_ANSWER_INTENT_OUT "()"
#define FT_METHOD_ANSWER_INTENT_OUT_GET "()"

// OpenIntentApp(u id) → (s result, s message)
#define FT_METHOD_OPEN_INTENT_APP "OpenIntentApp"
#define FT_METHOD_OPEN_INTENT_APP_IN "(u)"
#define FT_METHOD_OPEN_INTENT_APP_OUT "(ss)"
#define FT_METHOD_OPEN_INTENT_APP_OUT_GET "(&s&s)"

// PressTarget(a{sv} facts) → ()
#define FT_METHOD_PRESS_TARGET "PressTarget"
#define FT_METHOD_PRESS_TARGET_IN "(a{sv})"
#define FT_METHOD_PRESS_TARGET_OUT "()"
#define FT_METHOD_PRESS_TARGET_OUT_GET "()"

// GetSettings() → (s settings)
#define FT_METHOD_GET_SETTINGS "GetSettings"
#define FT_METHOD_GET_SETTINGS_IN "()"
#define FT_METHOD_GET_SETTINGS_OUT "(s)"
#define FT_METHOD_GET_SETTINGS_OUT_GET "(&s)"

// SetSetting(s key, s value) → (s settings)
#define FT_METHOD_SET_SETTING "SetSetting"
#define FT_METHOD_SET_SETTING_IN "(ss)"
#define FT_METHOD_SET_SETTING_OUT "(s)"
#define FT_METHOD_SET_SETTING_OUT_GET "(&s)"

// ResetSetting(s key) → (s settings)
#define FT_METHOD_RESET_SETTING "ResetSetting"
#define FT_METHOD_RESET_SETTING_IN "(s)"
#define FT_METHOD_RESET_SETTING_OUT "(s)"
#define FT_METHOD_RESET_SETTING_OUT_GET "(&s)"

// UndoSetting() → (s settings)
#define FT_METHOD_UNDO_SETTING "UndoSetting"
#define FT_METHOD_UNDO_SETTING_IN "()"
#define FT_METHOD_UNDO_SETTING_OUT "(s)"
#define FT_METHOD_UNDO_SETTING_OUT_GET "(&s)"

// MoveSetting(s key, u position) → (s settings)
#define FT_METHOD_MOVE_SETTING "MoveSetting"
#define FT_METHOD_MOVE_SETTING_IN "(su)"
#define FT_METHOD_MOVE_SETTING_OUT "(s)"
#define FT_METHOD_MOVE_SETTING_OUT_GET "(&s)"

// StartCalibration(s device, u presses) → ()
#define FT_METHOD_START_CALIBRATION "StartCalibration"
#define FT_METHOD_START_CALIBRATION_IN "(su)"
#define FT_METHOD_START_CALIBRATION_OUT "()"
#define FT_METHOD_START_CALIBRATION_OUT_GET "()"

// CancelCalibration(s device) → ()
#define FT_METHOD_CANCEL_CALIBRATION "CancelCalibration"
#define FT_METHOD_CANCEL_CALIBRATION_IN "(s)"
#define FT_METHOD_CANCEL_CALIBRATION_OUT "()"
#define FT_METHOD_CANCEL_CALIBRATION_OUT_GET "()"

// PressTarget's facts: FT_FACT_K (the key) and FT_FACT_K_SIGNATURE (its value's type).
#define FT_FACT_PRESS_X "press-x"
#define FT_FACT_PRESS_X_SIGNATURE "d"
#define FT_FACT_PRESS_Y "press-y"
#define FT_FACT_PRESS_Y_SIGNATURE "d"
#define FT_FACT_SOURCE "source"
#define FT_FACT_SOURCE_SIGNATURE "s"
#define FT_FACT_KIND "kind"
#define FT_FACT_KIND_SIGNATURE "s"
#define FT_FACT_APP_ID "app-id"
#define FT_FACT_APP_ID_SIGNATURE "s"
#define FT_FACT_ROLE "role"
#define FT_FACT_ROLE_SIGNATURE "s"
#define FT_FACT_NAME "name"
#define FT_FACT_NAME_SIGNATURE "s"
#define FT_FACT_DESCRIPTION "description"
#define FT_FACT_DESCRIPTION_SIGNATURE "s"
#define FT_FACT_ADDRESS "address"
#define FT_FACT_ADDRESS_SIGNATURE "s"
#define FT_FACT_WINDOW_APP_ID "window-app-id"
#define FT_FACT_WINDOW_APP_ID_SIGNATURE "s"
#define FT_FACT_WINDOW_PID "window-pid"
#define FT_FACT_WINDOW_PID_SIGNATURE "u"
#define FT_FACT_WINDOW_TITLE "window-title"
#define FT_FACT_WINDOW_TITLE_SIGNATURE "s"
#define FT_FACT_WINDOW_TYPE "window-type"
#define FT_FACT_WINDOW_TYPE_SIGNATURE "s"
#define FT_FACT_WHY "why"
#define FT_FACT_WHY_SIGNATURE "s"
#define FT_FACT_TEXT "text"
#define FT_FACT_TEXT_SIGNATURE "s"
#define FT_FACT_TEXT_OFFSET "text-offset"
#define FT_FACT_TEXT_OFFSET_SIGNATURE "u"
#define FT_FACT_WINDOWS "windows"
#define FT_FACT_WINDOWS_SIGNATURE "a(uss)"
#define FT_FACT_ACCESSIBLE "accessible"
#define FT_FACT_ACCESSIBLE_SIGNATURE "s"

// MenuShown's keys: each item's, FT_ITEM_K, and its target's, FT_TARGET_K (every value a string).
#define FT_ITEM_TYPE "type"
#define FT_ITEM_TITLE "title"
#define FT_ITEM_SUBTITLE "subtitle"
#define FT_ITEM_ICON "icon"
#define FT_ITEM_ICON_FILE "icon-file"
#define FT_ITEM_KIND "kind"
#define FT_TARGET_KIND "kind"
#define FT_TARGET_APP_ID "app-id"
#define FT_TARGET_NAME "name"
#define FT_TARGET_ICON "icon"
#define FT_TARGET_ADDRESS "address"
#define FT_TARGET_WHY "why"
#define FT_TARGET_DEFINITION "definition"
#define FT_TARGET_DICTIONARY "dictionary"
#define FT_TARGET_TEXT_START "text-start"
#define FT_TARGET_TEXT_END "text-end"

// Every signal, X(member, type), and every method, X(member, in, out), in the table's order.
#define FT_BUS_SIGNALS(X) \
    X(FT_SIGNAL_GESTURE, FT_SIGNAL_GESTURE_TYPE) \
    X(FT_SIGNAL_CAPABILITY_CHANGED, FT_SIGNAL_CAPABILITY_CHANGED_TYPE) \
    X(FT_SIGNAL_QUICK_ACTION_PERFORMED, FT_SIGNAL_QUICK_ACTION_PERFORMED_TYPE) \
    X(FT_SIGNAL_MENU_SHOWN, FT_SIGNAL_MENU_SHOWN_TYPE) \
    X(FT_SIGNAL_PRESS_PROGRESS, FT_SIGNAL_PRESS_PROGRESS_TYPE) \
    X(FT_SIGNAL_MENU_DISMISSED, FT_SIGNAL_MENU_DISMISSED_TYPE) \
    X(FT_SIGNAL_ACTIVATE_WINDOW, FT_SIGNAL_ACTIVATE_WINDOW_TYPE) \
    X(FT_SIGNAL_INTENT_STARTED, FT_SIGNAL_INTENT_STARTED_TYPE) \
    X(FT_SIGNAL_INTENT_CONFIRM, FT_SIGNAL_INTENT_CONFIRM_TYPE) \
    X(FT_SIGNAL_INTENT_CHOOSE, FT_SIGNAL_INTENT_CHOOSE_TYPE) \
    X(FT_SIGNAL_INTENT_NEEDS_VALUE, FT_SIGNAL_INTENT_NEEDS_VALUE_TYPE) \
    X(FT_SIGNAL_INTENT_RESPONSE, FT_SIGNAL_INTENT_RESPONSE_TYPE) \
    X(FT_SIGNAL_ASSISTIVE_BUTTON, FT_SIGNAL_ASSISTIVE_BUTTON_TYPE) \
    X(FT_SIGNAL_CONFIGURATION_RELOADED, FT_SIGNAL_CONFIGURATION_RELOADED_TYPE) \
    X(FT_SIGNAL_PRESS_FORCE, FT_SIGNAL_PRESS_FORCE_TYPE) \
    X(FT_SIGNAL_CALIBRATION_PROGRESS, FT_SIGNAL_CALIBRATION_PROGRESS_TYPE)
#define FT_BUS_METHODS(X) \
    X(FT_METHOD_RELOAD, FT_METHOD_RELOAD_IN, FT_METHOD_RELOAD_OUT) \
    X(FT_METHOD_GET_QUICK_ACTIONS, FT_METHOD_GET_QUICK_ACTIONS_IN, FT_METHOD_GET_QUICK_ACTIONS_OUT) \
    X(FT_METHOD_SET_QUICK_ACTIONS, FT_METHOD_SET_QUICK_ACTIONS_IN, FT_METHOD_SET_QUICK_ACTIONS_OUT) \
    X(FT_METHOD_ADD_QUICK_ACTION, FT_METHOD_ADD_QUICK_ACTION_IN, FT_METHOD_ADD_QUICK_ACTION_OUT) \
    X(FT_METHOD_UPDATE_QUICK_ACTION, FT_METHOD_UPDATE_QUICK_ACTION_IN, FT_METHOD_UPDATE_QUICK_ACTION_OUT) \
    X(FT_METHOD_REMOVE_QUICK_ACTION, FT_METHOD_REMOVE_QUICK_ACTION_IN, FT_METHOD_REMOVE_QUICK_ACTION_OUT) \
    X(FT_METHOD_CLEAR_QUICK_ACTIONS, FT_METHOD_CLEAR_QUICK_ACTIONS_IN, FT_METHOD_CLEAR_QUICK_ACTIONS_OUT) \
    X(FT_METHOD_PERFORM_QUICK_ACTION, FT_METHOD_PERFORM_QUICK_ACTION_IN, FT_METHOD_PERFORM_QUICK_ACTION_OUT) \
    X(FT_METHOD_RUN_INTENT, FT_METHOD_RUN_INTENT_IN, FT_METHOD_RUN_INTENT_OUT) \
    X(FT_METHOD_CHOOSE_QUICK_ACTION, FT_METHOD_CHOOSE_QUICK_ACTION_IN, FT_METHOD_CHOOSE_QUICK_ACTION_OUT) \
    X(FT_METHOD_DISMISS_MENU, FT_METHOD_DISMISS_MENU_IN, FT_METHOD_DISMISS_MENU_OUT) \
    X(FT_METHOD_RESET_CALIBRATION, FT_METHOD_RESET_CALIBRATION_IN, FT_METHOD_RESET_CALIBRATION_OUT) \
    X(FT_METHOD_CONFIRM_INTENT, FT_METHOD_CONFIRM_INTENT_IN, FT_METHOD_CONFIRM_INTENT_OUT) \
    X(FT_METHOD_ANSWER_INTENT, FT_METHOD_ANSWER_INTENT_IN, FT_METHOD_ANSWER_INTENT_OUT) \
    X(FT_METHOD_OPEN_INTENT_APP, FT_METHOD_OPEN_INTENT_APP_IN, FT_METHOD_OPEN_INTENT_APP_OUT) \
    X(FT_METHOD_PRESS_TARGET, FT_METHOD_PRESS_TARGET_IN, FT_METHOD_PRESS_TARGET_OUT) \
    X(FT_METHOD_GET_SETTINGS, FT_METHOD_GET_SETTINGS_IN, FT_METHOD_GET_SETTINGS_OUT) \
    X(FT_METHOD_SET_SETTING, FT_METHOD_SET_SETTING_IN, FT_METHOD_SET_SETTING_OUT) \
    X(FT_METHOD_RESET_SETTING, FT_METHOD_RESET_SETTING_IN, FT_METHOD_RESET_SETTING_OUT) \
    X(FT_METHOD_UNDO_SETTING, FT_METHOD_UNDO_SETTING_IN, FT_METHOD_UNDO_SETTING_OUT) \
    X(FT_METHOD_MOVE_SETTING, FT_METHOD_MOVE_SETTING_IN, FT_METHOD_MOVE_SETTING_OUT) \
    X(FT_METHOD_START_CALIBRATION, FT_METHOD_START_CALIBRATION_IN, FT_METHOD_START_CALIBRATION_OUT) \
    X(FT_METHOD_CANCEL_CALIBRATION, FT_METHOD_CANCEL_CALIBRATION_IN, FT_METHOD_CANCEL_CALIBRATION_OUT)

#endif
