// Test-only: the extension's busProtocol.js (its ES-module variant, which gjs imports; the legacy
// source is written from the bus's table by BusTableTests) against the bus as it is described:
// every signal in SIGNALS and method in METHODS is one of dbus/io.github.forcetouch.Daemon1.xml's
// (read with Gio.DBusNodeInfo), with the same argument types, the bus names and paths are those
// of the bus's table (Sources/COverlay/bus-protocol.h, made from Sources/ForceTouchProtocol), and
// FACTS is its PressTarget facts' keys and types. So the variant the generator writes for GNOME
// 45+ is held to the same table.
//     gjs -m check-bus-protocol.js BUSPROTOCOL_JS DAEMON1_XML BUS_PROTOCOL_H
// Prints one `PASS: …` or `FAIL: …` line per check; exit 1 on a FAIL.
import Gio from 'gi://Gio';
import System from 'system';

const [moduleFile, xmlFile, headerFile] = System.programArgs;
let failures = 0;

function check(what, ok, why = '') {
    print(`${ok ? 'PASS' : 'FAIL'}: ${what}${ok || !why ? '' : `: ${why}`}`);
    if (!ok)
        failures++;
}

function read(path) {
    const [, bytes] = Gio.File.new_for_path(path).load_contents(null);
    return new TextDecoder().decode(bytes);
}

const bus = await import(Gio.File.new_for_path(moduleFile).get_uri());
const node = Gio.DBusNodeInfo.new_for_xml(read(xmlFile));
const defines = Object.fromEntries([...read(headerFile).matchAll(/^#define (FT_(?:BUS|FACT)_\w+) "([^"]*)"$/gm)]
    .map(m => [m[1], m[2]]));

for (const [name, define] of [
    ['DAEMON_NAME', 'FT_BUS_DAEMON_NAME'], ['DAEMON_PATH', 'FT_BUS_DAEMON_PATH'],
    ['DAEMON_IFACE', 'FT_BUS_DAEMON_INTERFACE'], ['OVERLAY_NAME', 'FT_BUS_OVERLAY_NAME'],
    ['OVERLAY_PATH', 'FT_BUS_OVERLAY_PATH'],
]) {
    check(`${name} is the table's ${define} (${defines[define]})`,
        define in defines && bus[name] === defines[define], `busProtocol.js has ${JSON.stringify(bus[name])}`);
}
check('OVERLAY_IFACE is the name the overlay owns (Overlay1 is its own interface)',
    bus.OVERLAY_IFACE === defines.FT_BUS_OVERLAY_NAME, JSON.stringify(bus.OVERLAY_IFACE));

const iface = node.lookup_interface(bus.DAEMON_IFACE);
check(`${xmlFile} describes ${bus.DAEMON_IFACE}`, iface !== null);
const types = args => (args ?? []).map(a => a.signature).join('');

const signals = Object.entries(bus.SIGNALS ?? {});
check('SIGNALS names the daemon\'s signals', signals.length > 0);
for (const [member, signature] of signals) {
    const signal = iface?.lookup_signal(member);
    check(`signal ${member}(${signature}) is the XML's`, signal !== null && types(signal.args) === signature,
        signal ? `the XML's is ${member}(${types(signal.args)})` : 'no such signal in the XML');
}
const methods = Object.entries(bus.METHODS ?? {});
check('METHODS names the daemon\'s methods', methods.length > 0);
for (const [member, [inTypes, outTypes]] of methods) {
    const method = iface?.lookup_method(member);
    check(`method ${member}(${inTypes}) → (${outTypes}) is the XML's`,
        method !== null && types(method.in_args) === inTypes && types(method.out_args) === outTypes,
        method ? `the XML's is ${member}(${types(method.in_args)}) → (${types(method.out_args)})` : 'no such method in the XML');
}
const facts = Object.entries(bus.FACTS ?? {});
const tableFacts = Object.entries(defines).filter(([k]) => k.startsWith('FT_FACT_') && !k.endsWith('_SIGNATURE'))
    .map(([k, key]) => [key, defines[`${k}_SIGNATURE`]]);
check('FACTS names the keys of PressTarget\'s facts', facts.length > 0 && tableFacts.length > 0);
check(`FACTS is the table's facts, key for key and type for type (${tableFacts.length})`,
    JSON.stringify(facts.sort()) === JSON.stringify(tableFacts.sort()),
    `busProtocol.js has ${JSON.stringify(facts)}, the table ${JSON.stringify(tableFacts)}`);
const unused = (iface?.signals ?? []).map(s => s.name).filter(n => !(n in (bus.SIGNALS ?? {})));
print(`  the XML's signals the extension does not take: ${unused.join(', ') || 'none'}`);

System.exit(failures ? 1 : 0);
