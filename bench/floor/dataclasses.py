"""A measuring instrument, never imported by mpxl: ``dataclasses`` without code generation.

``bench/startup.py --floor`` puts this folder first on the path of the commands it times, so every
``@dataclass`` of mpxl is built by this stand-in: the same fields, defaults, factories,
``__post_init__``, frozen, slots and field metadata, with generic ``__init__``/``__eq__``/
``__hash__``/``__repr__`` closures instead of source compiled for each class, and no ``inspect``
import. Its figure is the floor of any record type (NamedTuple, hand-written slots, msgspec...):
what a score costs when making the core's classes costs nothing. The bench checks that each
command's output is the same, byte for byte, as with the real ``dataclasses``.
"""

from operator import attrgetter


class _Missing:
    def __repr__(self):
        return "MISSING"


MISSING = _Missing()
KW_ONLY = object()


class FrozenInstanceError(AttributeError):
    pass


class Field:
    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "compare", "metadata", "hash",
                 "kw_only")

    def __init__(self, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
                 metadata=None, kw_only=MISSING):
        self.name, self.type = None, None
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.compare, self.hash, self.kw_only = init, repr, compare, hash, kw_only
        self.metadata = metadata or {}


def field(**kw):
    return Field(**kw)


def fields(x):
    return tuple((x if isinstance(x, type) else type(x)).__dataclass_fields__.values())


def is_dataclass(x):
    return hasattr(x if isinstance(x, type) else type(x), "__dataclass_fields__")


def replace(obj, **changes):
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return type(obj)(**changes)


def asdict(obj):
    def conv(v):
        if is_dataclass(v) and not isinstance(v, type):
            return {f.name: conv(getattr(v, f.name)) for f in fields(v)}
        if isinstance(v, (list, tuple)):
            return type(v)(conv(i) for i in v)
        if isinstance(v, dict):
            return {conv(k): conv(i) for k, i in v.items()}
        return v
    return conv(obj)


def _fields_of(cls):
    """The class's fields, its bases' first, each a Field with its name and type set."""
    out = {}
    for base in cls.__mro__[-1:0:-1]:
        out.update(getattr(base, "__dataclass_fields__", {}))
    for name, typ in cls.__dict__.get("__annotations__", {}).items():
        if isinstance(typ, str) and typ.startswith(("ClassVar", "typing.ClassVar")):
            continue
        given = cls.__dict__.get(name, MISSING)
        f = given if isinstance(given, Field) else Field(default=given)
        f.name, f.type = name, typ
        out[name] = f
        if isinstance(given, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    return out


def _init(cls, flds):
    given = [f for f in flds.values() if f.init]
    made = [f for f in flds.values() if not f.init]
    put = object.__setattr__
    post = hasattr(cls, "__post_init__")

    def __init__(self, *args, **kw):
        if len(args) > len(given):
            raise TypeError(f"{cls.__name__}() takes {len(given)} positional arguments")
        for i, f in enumerate(given):
            if i < len(args):
                value = args[i]
            elif f.name in kw:
                value = kw.pop(f.name)
            elif f.default is not MISSING:
                value = f.default
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                raise TypeError(f"{cls.__name__}.__init__() missing argument {f.name!r}")
            put(self, f.name, value)
        if kw:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument {next(iter(kw))!r}")
        for f in made:
            put(self, f.name, f.default_factory() if f.default_factory is not MISSING else f.default)
        if post:
            self.__post_init__()
    return __init__


def _methods(cls, flds, init, repr_, eq, frozen, unsafe_hash):
    out = {"__dataclass_fields__": flds, "__dataclass_params__": None,
           "__match_args__": tuple(f.name for f in flds.values() if f.init)}
    if init and "__init__" not in cls.__dict__:
        out["__init__"] = _init(cls, flds)
    compared = tuple(f.name for f in flds.values() if f.compare)
    key = attrgetter(*compared) if len(compared) > 1 else (lambda o: tuple(getattr(o, n) for n in compared))
    if repr_ and "__repr__" not in cls.__dict__:
        shown = tuple(f.name for f in flds.values() if f.repr)
        out["__repr__"] = lambda self: (f"{type(self).__qualname__}("
                                        + ", ".join(f"{n}={getattr(self, n)!r}" for n in shown) + ")")
    if eq and "__eq__" not in cls.__dict__:
        out["__eq__"] = lambda self, o: key(self) == key(o) if o.__class__ is self.__class__ else NotImplemented
    if frozen:
        def __setattr__(self, name, value):
            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self, name):
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        out["__setattr__"], out["__delattr__"] = __setattr__, __delattr__
    if (frozen and eq) or unsafe_hash:
        out["__hash__"] = lambda self: hash(key(self))
    elif eq and "__hash__" not in cls.__dict__:
        out["__hash__"] = None
    return out


def _process(cls, init, repr_, eq, frozen, slots, unsafe_hash):
    flds = _fields_of(cls)
    methods = _methods(cls, flds, init, repr_, eq, frozen, unsafe_hash)
    if not slots:
        for name, value in methods.items():
            setattr(cls, name, value)
        return cls
    inherited = {s for base in cls.__mro__[1:] for s in getattr(base, "__slots__", ())}
    body = {k: v for k, v in cls.__dict__.items() if k not in flds and k not in ("__dict__", "__weakref__")}
    body.update(methods)
    body["__slots__"] = tuple(n for n in flds if n not in inherited)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    def wrap(c):
        return _process(c, init, repr, eq, frozen, slots, unsafe_hash)
    return wrap if cls is None else wrap(cls)
