import ForceTouchCore
import ForceTouchEngine

extension ActionRunner {
    /// Presents `items` as a menu, as the quick-action menu is presented (the overlay when one
    /// is on the bus, else the menu program); the item chosen runs its own action. The
    /// AssistiveTouch menu of the slots comes this way.
    func presentItems(_ items: [ShortcutItem], event: GestureEvent?, device: String?, label: String,
                      _ finish: @escaping (ActionResult) -> Void) {
        let store = ShortcutStore(staticItems: items)
        // The AssistiveTouch menu opens beside the button, not over it.
        var at = event
        if let e = event, let anchor = configuration.assistiveTouch?.menuAnchor(x: e.x, y: e.y) {
            at?.x = anchor.x
            at?.y = anchor.y
        }
        presentMenu(store, event: at, device: device, label: label, finish) { [weak self] entry, finish in
            guard let self, let action = entry.item.action else {
                return finish(.failure("\(entry.item.type): nothing to run"))
            }
            let request = ActionRequest(action: action, event: event, deviceName: device,
                                        timeout: configuration.general.actionTimeout)
            run(request, label: "\(label) → \(entry.item.type)", event: event, device: device, completion: finish)
        }
    }
}
