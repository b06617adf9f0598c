import ForceTouchCore
import ForceTouchEngine

extension ActionRunner {
    /// Presents `items` as a menu, as the quick-action menu is presented (the overlay when one
    /// is on the bus, else the menu program); the item chosen runs its own action. The
    /// AssistiveTouch menu of the slots comes this way.
    func presentItems(_ items: [ShortcutItem], event: GestureEvent?, device: String?, label: String,
                      _ finish: @escaping (ActionResult) -> Void) {
        let store = ShortcutStore(staticItems: items)
        presentMenu(store, event: event, device: device, label: label, finish) { [weak self] entry, finish in
            guard let self, let action = entry.item.action else {
                return finish(.failure("\(entry.item.type): nothing to run"))
            }
            let request = ActionRequest(action: action, event: event, deviceName: device,
                                        timeout: configuration.general.actionTimeout)
            run(request, label: "\(label) → \(entry.item.type)", event: event, device: device, completion: finish)
        }
    }
}
