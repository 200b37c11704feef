/** Vocabulary of the demo: real Argentine names, places, banks, activities and lists, in the registers' spelling. */

export const NOMBRES_M = [
  "JUAN", "CARLOS", "JOSE", "LUIS", "JORGE", "MIGUEL", "DANIEL", "RICARDO", "ALBERTO", "MARTIN", "DIEGO", "PABLO",
  "SERGIO", "FERNANDO", "GUSTAVO", "ALEJANDRO", "MARCELO", "JAVIER", "HECTOR", "RAUL", "OSCAR", "ROBERTO", "MATIAS",
  "NICOLAS", "SANTIAGO", "FACUNDO", "LUCAS", "SEBASTIAN", "GONZALO", "MAXIMILIANO", "EDUARDO", "HORACIO", "RUBEN",
  "CLAUDIO", "ESTEBAN", "IGNACIO", "TOMAS", "AGUSTIN", "FRANCO", "EZEQUIEL",
];

export const NOMBRES_F = [
  "MARIA", "ANA", "LAURA", "SILVIA", "GRACIELA", "PATRICIA", "CLAUDIA", "MONICA", "ANDREA", "NATALIA", "CAROLINA",
  "VERONICA", "GABRIELA", "ALEJANDRA", "MARCELA", "LORENA", "SUSANA", "MARTA", "ROSA", "NORMA", "BEATRIZ", "CECILIA",
  "FLORENCIA", "CAMILA", "SOFIA", "VALENTINA", "AGUSTINA", "MICAELA", "JULIETA", "LUCIA", "PAULA", "ROMINA",
  "VANESA", "MARIELA", "ADRIANA", "ELENA", "INES", "VICTORIA", "JIMENA", "NOELIA",
];

export const APELLIDOS = [
  "GONZALEZ", "RODRIGUEZ", "GOMEZ", "FERNANDEZ", "LOPEZ", "DIAZ", "MARTINEZ", "PEREZ", "GARCIA", "SANCHEZ", "ROMERO",
  "SOSA", "TORRES", "ALVAREZ", "RUIZ", "RAMIREZ", "FLORES", "BENITEZ", "ACOSTA", "MEDINA", "HERRERA", "SUAREZ",
  "AGUIRRE", "GIMENEZ", "GUTIERREZ", "PEREYRA", "ROJAS", "MOLINA", "CASTRO", "ORTIZ", "SILVA", "NUÑEZ", "LUNA",
  "JUAREZ", "CABRERA", "RIOS", "FERREYRA", "GODOY", "MORALES", "DOMINGUEZ", "MORENO", "PERALTA", "VEGA", "CARRIZO",
  "QUIROGA", "CASTILLO", "LEDESMA", "MUÑOZ", "OJEDA", "PONCE", "VERA", "VAZQUEZ", "VILLALBA", "CARDOZO", "NAVARRO",
  "RAMOS", "ARIAS", "CORIA", "FIGUEROA", "PAZ", "BRUNO", "ROSSI", "RUSSO", "ESPOSITO", "BIANCHI", "ROMANO", "COLOMBO",
  "FERRARI", "MARINO", "GRECO", "COSTA", "FONTANA", "SCHMIDT", "MÜLLER", "WEBER", "KOHAN", "LEVY", "ZAPATA", "IBARRA",
];

/** Words that Argentine company names are made of. */
export const RAZON_A = [
  "AGRO", "ANDES", "AUSTRAL", "PAMPA", "PATAGONIA", "LITORAL", "CUYO", "PLATA", "PARANA", "NORTE", "SUR", "DELTA",
  "SIERRAS", "IGUAZU", "TANDIL", "QUEBRACHO", "CEIBO", "HORNERO", "CONDOR", "OMBU", "TALA", "JACARANDA", "MISIONES",
  "PUERTO", "RIO", "VALLE", "LAGOS", "ACONCAGUA", "LANIN", "FITZ ROY",
];
export const RAZON_B = [
  "SERVICIOS", "CONSTRUCCIONES", "ALIMENTOS", "LOGISTICA", "TRANSPORTES", "INSUMOS", "TECNOLOGIA", "SISTEMAS",
  "INGENIERIA", "METALURGICA", "TEXTIL", "COMERCIAL", "DISTRIBUIDORA", "INVERSIONES", "DESARROLLOS", "AGROPECUARIA",
  "LACTEOS", "FRIGORIFICO", "VITIVINICOLA", "FARMA", "SEGURIDAD", "ENERGIA", "PLASTICOS", "QUIMICA", "MADERERA",
  "GRAFICA", "SOFTWARE", "CONSULTORES", "INMOBILIARIA", "ACEROS",
];

export const FORMAS = [
  { sigla: "S.A.", forma: "SOCIEDAD ANONIMA", peso: 45 },
  { sigla: "S.R.L.", forma: "SOCIEDAD DE RESPONSABILIDAD LIMITADA", peso: 40 },
  { sigla: "S.A.S.", forma: "SOCIEDAD POR ACCIONES SIMPLIFICADA", peso: 15 },
] as const;

/** CLAE (ARCA's activity classifier, F. 883): code and description. */
export const ACTIVIDADES = [
  ["620100", "Servicios de consultores en informática y suministros de programas de informática"],
  ["620900", "Servicios de informática n.c.p."],
  ["461011", "Venta al por mayor en comisión o consignación de cereales (incluye arroz), oleaginosas y forrajeras"],
  ["011111", "Cultivo de arroz"],
  ["011211", "Cultivo de soja"],
  ["012110", "Cultivo de vid para vinificar"],
  ["014113", "Cría de ganado bovino, excepto la realizada en cabañas y para la producción de leche"],
  ["101011", "Matanza de ganado bovino"],
  ["105010", "Elaboración de leches y productos lácteos deshidratados"],
  ["110211", "Elaboración de mosto"],
  ["141130", "Confección de prendas de vestir para bebés y niños"],
  ["222090", "Fabricación de productos plásticos en formas básicas y artículos de plástico n.c.p."],
  ["251101", "Fabricación de carpintería metálica"],
  ["410011", "Construcción, reforma y reparación de edificios residenciales"],
  ["432110", "Instalación de sistemas de iluminación, control y señalización eléctrica para el transporte"],
  ["452101", "Lavado automático y manual de vehículos automotores"],
  ["464310", "Venta al por mayor de productos farmacéuticos"],
  ["466932", "Venta al por mayor de artículos de plástico"],
  ["471130", "Venta al por menor en minimercados (incluye supermercados de hasta 5 cajas)"],
  ["472111", "Venta al por menor de productos lácteos"],
  ["477320", "Venta al por menor de productos de óptica"],
  ["479101", "Venta al por menor por internet"],
  ["492280", "Servicio de transporte automotor urbano de carga n.c.p."],
  ["494200", "Servicio de transporte automotor de cargas"],
  ["522099", "Servicios de gestión y logística para el transporte de mercaderías n.c.p."],
  ["561011", "Servicios de restaurantes y cantinas sin espectáculo"],
  ["681098", "Servicios inmobiliarios realizados por cuenta propia, con bienes urbanos propios o arrendados n.c.p."],
  ["691001", "Servicios jurídicos"],
  ["692000", "Servicios de contabilidad, auditoría y asesoría fiscal"],
  ["702092", "Servicios de asesoramiento, dirección y gestión empresarial realizados por integrantes de cuerpos de dirección en sociedades excepto las anónimas"],
  ["711001", "Servicios relacionados con la construcción"],
  ["749009", "Actividades profesionales, científicas y técnicas n.c.p."],
  ["801010", "Servicios de seguridad e investigación"],
  ["862110", "Servicios de consulta médica"],
  ["960990", "Servicios personales n.c.p."],
] as const;

/** Locality, province, postal code. */
export const LOCALIDADES = [
  ["CIUDAD AUTONOMA BUENOS AIRES", "CIUDAD AUTONOMA BUENOS AIRES", "C1043"],
  ["CIUDAD AUTONOMA BUENOS AIRES", "CIUDAD AUTONOMA BUENOS AIRES", "C1425"],
  ["CIUDAD AUTONOMA BUENOS AIRES", "CIUDAD AUTONOMA BUENOS AIRES", "C1414"],
  ["LA PLATA", "BUENOS AIRES", "B1900"],
  ["MAR DEL PLATA", "BUENOS AIRES", "B7600"],
  ["BAHIA BLANCA", "BUENOS AIRES", "B8000"],
  ["SAN ISIDRO", "BUENOS AIRES", "B1642"],
  ["QUILMES", "BUENOS AIRES", "B1878"],
  ["MORON", "BUENOS AIRES", "B1708"],
  ["LANUS", "BUENOS AIRES", "B1824"],
  ["TANDIL", "BUENOS AIRES", "B7000"],
  ["CORDOBA", "CORDOBA", "X5000"],
  ["RIO CUARTO", "CORDOBA", "X5800"],
  ["VILLA MARIA", "CORDOBA", "X5900"],
  ["ROSARIO", "SANTA FE", "S2000"],
  ["SANTA FE", "SANTA FE", "S3000"],
  ["RAFAELA", "SANTA FE", "S2300"],
  ["MENDOZA", "MENDOZA", "M5500"],
  ["SAN RAFAEL", "MENDOZA", "M5600"],
  ["SAN MIGUEL DE TUCUMAN", "TUCUMAN", "T4000"],
  ["SALTA", "SALTA", "A4400"],
  ["NEUQUEN", "NEUQUEN", "Q8300"],
  ["POSADAS", "MISIONES", "N3300"],
  ["CORRIENTES", "CORRIENTES", "W3400"],
  ["PARANA", "ENTRE RIOS", "E3100"],
  ["SAN JUAN", "SAN JUAN", "J5400"],
  ["RESISTENCIA", "CHACO", "H3500"],
  ["COMODORO RIVADAVIA", "CHUBUT", "U9000"],
  ["SAN CARLOS DE BARILOCHE", "RIO NEGRO", "R8400"],
  ["USHUAIA", "TIERRA DEL FUEGO", "V9410"],
] as const;

export const CALLES = [
  "AV CORRIENTES", "AV RIVADAVIA", "AV SANTA FE", "AV CORDOBA", "SAN MARTIN", "BELGRANO", "MITRE", "SARMIENTO",
  "MORENO", "ALSINA", "HIPOLITO YRIGOYEN", "ITALIA", "ESPAÑA", "25 DE MAYO", "9 DE JULIO", "LAVALLE", "TUCUMAN",
  "URQUIZA", "PELLEGRINI", "AV COLON", "GÜEMES", "LAS HERAS", "BROWN", "DORREGO", "JUJUY",
];

/** BCRA entity codes and names as the Central de Deudores publishes them. */
export const ENTIDADES = [
  ["00011", "BANCO DE LA NACION ARGENTINA"],
  ["00014", "BANCO DE LA PROVINCIA DE BUENOS AIRES"],
  ["00007", "BANCO DE GALICIA Y BUENOS AIRES S.A."],
  ["00072", "BANCO SANTANDER ARGENTINA S.A."],
  ["00017", "BANCO BBVA ARGENTINA S.A."],
  ["00285", "BANCO MACRO S.A."],
  ["00029", "BANCO DE LA CIUDAD DE BUENOS AIRES"],
  ["00034", "BANCO PATAGONIA S.A."],
  ["00150", "HSBC BANK ARGENTINA S.A."],
  ["00191", "BANCO CREDICOOP COOPERATIVO LIMITADO"],
  ["00044", "BANCO HIPOTECARIO S.A."],
  ["00027", "BANCO SUPERVIELLE S.A."],
  ["00299", "BANCO COMAFI SOCIEDAD ANONIMA"],
  ["00020", "BANCO DE LA PROVINCIA DE CORDOBA S.A."],
  ["00330", "NUEVO BANCO DE SANTA FE SOCIEDAD ANONIMA"],
  ["00259", "BANCO ITAU ARGENTINA S.A."],
  ["00389", "BANCO COLUMBIA S.A."],
  ["00143", "BRUBANK S.A.U."],
  ["70120", "TARJETA NARANJA S.A.U."],
  ["70350", "MERCADOLIBRE S.R.L."],
] as const;

export const CAUSALES_CHEQUE = [
  ["SIN FONDOS SUFICIENTES DISPONIBLES EN CUENTA", 72],
  ["DEFECTOS FORMALES", 18],
  ["CUENTA CERRADA O SUSPENDIDA", 6],
  ["ORDEN DE NO PAGAR", 4],
] as const;

export const OFAC_PROGRAMAS = ["SDNTK", "SDGT", "GLOMAG", "RUSSIA-EO14024", "CYBER2", "TCO", "VENEZUELA-EO13850"];
export const ONU_PROGRAMAS = ["1267 (ISIL/Al-Qaida)", "1718 (RPDC)", "1988 (Talibán)"];
export const PEP_CARGOS = [
  "Funcionario público nacional (Res. UIF 35/2023, art. 1)",
  "Legislador provincial",
  "Intendente municipal",
  "Juez o fiscal",
  "Autoridad de partido político",
  "Cónyuge o pariente de persona expuesta políticamente",
];
export const NACIONALIDADES = ["ARGENTINA", "PARAGUAYA", "URUGUAYA", "VENEZOLANA", "COLOMBIANA", "CHINA", "RUSA", "LIBANESA"];

/** What ARCA's base APOC says of a listing, in its own words. */
export const APOC_DESCRIPCIONES = [
  "Contribuyente no confiable: emisión de facturas apócrifas",
  "Inconsistencias en las declaraciones juradas de IVA",
  "Sin capacidad operativa, económica ni financiera para las operaciones facturadas",
  "Domicilio fiscal inexistente",
] as const;

/** NCM chapters and ISO 3166-1 alpha-2 partner countries. */
export const CAPITULOS_NCM = ["02", "04", "08", "10", "12", "15", "22", "23", "27", "28", "29", "30", "39", "40", "48", "72", "73", "84", "85", "87", "90", "94"];
export const PAISES = ["BR", "CN", "US", "CL", "UY", "PY", "DE", "ES", "IT", "IN", "VN", "NL", "MX", "BO", "PE"];

export const MARCA_PALABRAS = [
  "ÑANDU", "LUNAR", "PAMPITA", "TANGO", "MATECITO", "DULCE", "CRIOLLA", "ALFAJOR", "BOREAL", "ZONDA", "PAMPERO",
  "ARAUCARIA", "YERBAL", "NUBE", "FARO", "CAMINITO", "TEHUELCHE", "QUILMEÑA", "GAUCHA", "ESTRELLA", "VIÑAS", "RAYO",
  "PUMA", "ALBA", "COSTA", "BRAVA", "SOL", "MAR", "ALTA", "VERDE",
];
export const JUZGADOS = [
  ["JUZGADO NACIONAL DE PRIMERA INSTANCIA EN LO COMERCIAL N° 2", "CIUDAD AUTONOMA BUENOS AIRES"],
  ["JUZGADO NACIONAL DE PRIMERA INSTANCIA EN LO COMERCIAL N° 12", "CIUDAD AUTONOMA BUENOS AIRES"],
  ["JUZGADO NACIONAL DE PRIMERA INSTANCIA EN LO COMERCIAL N° 26", "CIUDAD AUTONOMA BUENOS AIRES"],
  ["JUZGADO CIVIL Y COMERCIAL N° 3 DE LA PLATA", "BUENOS AIRES"],
  ["JUZGADO CIVIL Y COMERCIAL N° 9 DE MAR DEL PLATA", "BUENOS AIRES"],
  ["JUZGADO DE PRIMERA INSTANCIA CIVIL Y COMERCIAL N° 39 DE CORDOBA (CONCURSOS Y SOCIEDADES N° 7)", "CORDOBA"],
  ["JUZGADO DE PRIMERA INSTANCIA DE DISTRITO EN LO CIVIL Y COMERCIAL N° 3 DE ROSARIO", "SANTA FE"],
  ["JUZGADO DE PROCESOS CONCURSALES N° 1 DE MENDOZA", "MENDOZA"],
] as const;
